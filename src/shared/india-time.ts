// Indian time, one way for server and client: the restaurants, their opening hours, coupons, order
// numbers and every date a customer or a kitchen reads are in India Standard Time (UTC+05:30, no
// daylight saving), whatever the device's or the server's own time zone.
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MIN = 330;
const IST_OFFSET_MS = IST_OFFSET_MIN * 60_000;

/** The instant shifted so that its UTC fields read as the wall clock in India. */
export const istWallClock = (d: Date): Date => new Date(d.getTime() + IST_OFFSET_MS);

/** The Indian calendar day of an instant: "2026-11-23". */
export const istDay = (d: Date): string => istWallClock(d).toISOString().slice(0, 10);

/** The Indian calendar day `days` after (or before) the day of `d`. */
export const istDayPlus = (d: Date, days: number): string =>
  istDay(new Date(d.getTime() + days * 86_400_000));

// Written out rather than through Intl: the server renders a page's dates and the browser hydrates
// them, so both must spell them alike, and the locale data of a phone's browser need not be the
// server's ("Sep" or "Sept", "PM" or "pm"); building a date formatter also cost a page's first task.
// The spelling is en-IN's as current ICU has it (a property test holds it to Node's Intl).
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const SHORT_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');
const WEEKDAYS = 'Sun Mon Tue Wed Thu Fri Sat'.split(' ');

const wall = (d: Date | string) => istWallClock(new Date(d));

/** "7:05 pm" */
export function formatTime(d: Date | string): string {
  const w = wall(d);
  const h = w.getUTCHours();
  return `${h % 12 || 12}:${String(w.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "23 Nov 2026" */
export function formatDate(d: Date | string): string {
  const w = wall(d);
  return `${w.getUTCDate()} ${SHORT_MONTHS[w.getUTCMonth()]} ${w.getUTCFullYear()}`;
}

/** "23 November 2026" */
export function formatLongDate(d: Date | string): string {
  const w = wall(d);
  return `${w.getUTCDate()} ${MONTHS[w.getUTCMonth()]} ${w.getUTCFullYear()}`;
}

/** "Wed, 25 Nov" */
export function formatWeekdayDate(d: Date | string): string {
  const w = wall(d);
  return `${WEEKDAYS[w.getUTCDay()]}, ${w.getUTCDate()} ${SHORT_MONTHS[w.getUTCMonth()]}`;
}

/** "23 Nov 2026, 7:05 pm" */
export const formatDateTime = (d: Date | string): string => `${formatDate(d)}, ${formatTime(d)}`;

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

const formatter = (options: Intl.DateTimeFormatOptions) => {
  let f: Intl.DateTimeFormat | undefined; // built on first use: a page that shows no date pays nothing
  return (d: Date | string) =>
    (f ??= new Intl.DateTimeFormat('en-IN', { ...options, timeZone: INDIA_TIME_ZONE })).format(new Date(d));
};

/** "7:05 pm" */
export const formatTime = formatter({ hour: 'numeric', minute: '2-digit' });
/** "23 Nov 2026" */
export const formatDate = formatter({ day: 'numeric', month: 'short', year: 'numeric' });
/** "23 November 2026" */
export const formatLongDate = formatter({ day: 'numeric', month: 'long', year: 'numeric' });
/** "Wed, 25 Nov" */
export const formatWeekdayDate = formatter({ weekday: 'short', day: 'numeric', month: 'short' });
/** "23 Nov 2026, 7:05 pm" */
export const formatDateTime = formatter({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

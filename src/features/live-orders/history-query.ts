// The history's filters live in the page's address (?view=history&range=…&status=…&q=…&page=…), so a
// reload, the back button or a shared link shows the same orders. Anything unreadable there falls
// back to its default instead of breaking the page. The day ranges are presets in Indian days (dates.ts).
import { istDay, istDayPlus } from '../../shared/india-time.ts';
import { ORDER_STATUSES } from '../../shared/order-status.ts';
import { todayAndTomorrow, type DayRange } from './dates.ts';
import type { Mode } from './order-list-query.ts';

export const RANGE_PRESETS = ['today', 'yesterday', 'week', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_LABELS: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  week: 'Last 7 days',
  custom: 'Choose dates',
};

/** The days a preset covers; `custom` takes the chosen days, put in order. */
export function presetRange(preset: RangePreset, now = new Date(), chosen?: Partial<DayRange>): DayRange {
  switch (preset) {
    case 'today':
      return todayAndTomorrow(now);
    case 'yesterday': {
      const day = istDayPlus(now, -1);
      return { startDate: day, endDate: day };
    }
    case 'week':
      return { startDate: istDayPlus(now, -6), endDate: istDay(now) };
    case 'custom': {
      const start = chosen?.startDate ?? istDay(now);
      const end = chosen?.endDate ?? start;
      return start <= end ? { startDate: start, endDate: end } : { startDate: end, endDate: start };
    }
  }
}

export interface HistoryQuery extends DayRange {
  range: RangePreset;
  status: Mode;
  q: string;
  page: number;
}

const isDay = (s: string | null): s is string =>
  s !== null &&
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

export function readHistoryQuery(params: URLSearchParams, now = new Date()): HistoryQuery {
  const rawRange = params.get('range');
  const range = (RANGE_PRESETS as readonly string[]).includes(rawRange ?? '')
    ? (rawRange as RangePreset)
    : 'today';
  const from = params.get('from');
  const to = params.get('to');
  const chosen = { ...(isDay(from) ? { startDate: from } : {}), ...(isDay(to) ? { endDate: to } : {}) };
  const rawStatus = params.get('status') ?? '';
  const status: Mode = (ORDER_STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as Mode)
    : 'all';
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get('page')) || 1)));
  const q = (params.get('q') ?? '').trim().slice(0, 40);
  return { range, ...presetRange(range, now, chosen), status, q, page };
}

/** The address's parameters for a history view: defaults are left out. */
export function historyParams(h: HistoryQuery): URLSearchParams {
  const p = new URLSearchParams({ view: 'history' });
  if (h.range !== 'today') p.set('range', h.range);
  if (h.range === 'custom') {
    p.set('from', h.startDate);
    p.set('to', h.endDate);
  }
  if (h.status !== 'all') p.set('status', h.status);
  if (h.q) p.set('q', h.q);
  if (h.page > 1) p.set('page', String(h.page));
  return p;
}

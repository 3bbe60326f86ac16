// The console's days are Indian calendar days (src/shared/india-time.ts), as the API reads them,
// whatever the tablet's own time zone: the live refresh asks for today to tomorrow
// (docs/product.md#live-orders), the history for a preset or a chosen range.
import { istDay, istDayPlus } from '../../shared/india-time.ts';

export interface DayRange {
  startDate: string;
  endDate: string;
}

export function todayAndTomorrow(now = new Date()): DayRange {
  return { startDate: istDay(now), endDate: istDayPlus(now, 1) };
}

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

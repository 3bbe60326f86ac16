// The console's days are Indian calendar days (src/shared/india-time.ts), as the API reads them,
// whatever the tablet's own time zone: the live refresh asks for today to tomorrow
// (docs/product.md#live-orders), the history for a preset or a chosen range (history-query.ts).
import { istDay, istDayPlus } from '../../shared/india-time.ts';

export interface DayRange {
  startDate: string;
  endDate: string;
}

export function todayAndTomorrow(now = new Date()): DayRange {
  return { startDate: istDay(now), endDate: istDayPlus(now, 1) };
}

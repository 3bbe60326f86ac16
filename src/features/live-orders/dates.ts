// Local calendar dates for the live-orders refresh (SPEC.md section 9: today to tomorrow, YYYY-MM-DD).
export function localYmd(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function todayAndTomorrow(now = new Date()): { startDate: string; endDate: string } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
  return { startDate: localYmd(now), endDate: localYmd(tomorrow) };
}

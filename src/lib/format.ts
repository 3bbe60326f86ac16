// Display formatting: money arrives as integer paise and is shown in rupees (en-IN grouping).
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

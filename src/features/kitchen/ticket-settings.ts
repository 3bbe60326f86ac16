// Kitchen ticket choices kept on this device (each kitchen has its own printer): the paper width and
// whether accepted orders print by themselves. Also which orders were auto-printed, so a reload or a
// second card for the same order does not print it twice.
export type PaperWidth = '58' | '80';

const PAPER_KEY = 'kitchen.ticketPaper';
const AUTO_PRINT_KEY = 'kitchen.autoPrint';
const PRINTED_KEY = 'kitchen.autoPrinted';
const PRINTED_KEPT = 200;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: fall back to the defaults
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage blocked or full: the choice lasts for this page only
  }
}

export const paperWidth = (): PaperWidth => (read(PAPER_KEY) === '58' ? '58' : '80');
export const setPaperWidth = (w: PaperWidth) => write(PAPER_KEY, w);

export const autoPrintEnabled = (): boolean => read(AUTO_PRINT_KEY) === '1';
export const setAutoPrint = (on: boolean) => write(AUTO_PRINT_KEY, on ? '1' : '0');

/** True once per order: the caller may auto-print it. */
export function claimAutoPrint(orderId: number): boolean {
  let printed: number[] = [];
  try {
    printed = JSON.parse(read(PRINTED_KEY) ?? '[]') as number[];
  } catch {
    printed = [];
  }
  if (printed.includes(orderId)) return false;
  write(PRINTED_KEY, JSON.stringify([...printed, orderId].slice(-PRINTED_KEPT)));
  return true;
}

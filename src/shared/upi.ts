// UPI IDs (VPAs) and how a payment's method reads (docs/product.md#upi-payments): one rule for the
// sandbox's UPI form, the server's validation and the pages that show a payment. Zod-free on purpose:
// the checkout route's first chunk must not carry zod (docs/decisions/0010).

/** A UPI ID is `name@handle`: the name 2-256 letters, digits, dots, hyphens or underscores, the handle 2-64 letters or digits. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export const VPA_MESSAGE = 'Enter a valid UPI ID, such as name@okhdfc.';

/** The UPI ID as the provider keys it: trimmed and lower-cased (UPI IDs are not case-sensitive). */
export const normaliseVpa = (raw: string): string => raw.trim().toLowerCase();

export const isVpa = (raw: string): boolean => VPA_PATTERN.test(normaliseVpa(raw));

/**
 * The UPI ID as pages and receipts show it: the first two characters of the name, then `***`, then
 * the handle (pr***@okhdfc). A name of two characters or fewer keeps only its first one.
 */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = vpa.slice(0, at);
  const keep = name.length > 2 ? 2 : 1;
  return `${name.slice(0, keep)}***${vpa.slice(at)}`;
}

/** A payment's method in the customer's words: "UPI · pr***@okhdfc", "UPI", "Card", "Netbanking". */
export function paymentMethodLabel(method: string, vpa?: string | null): string {
  if (method === 'upi') return vpa ? `UPI · ${vpa}` : 'UPI';
  if (method === 'card') return 'Card';
  if (method === 'netbanking') return 'Netbanking';
  return method ? method.charAt(0).toUpperCase() + method.slice(1) : 'Card';
}

/** Seconds left until an ISO time, never below zero ("m:ss" by `countdownText`). */
export function secondsLeft(expiresAt: string | null | undefined, now: number = Date.now()): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export const countdownText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

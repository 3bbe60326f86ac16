// Moves an anonymous visitor's cart onto the account that just logged in or verified (called by
// accounts inside its login transaction).
import type { Queryable } from '../../db/index.ts';

export async function mergeAnonymousCart(
  _tx: Queryable,
  _sessionKey: string,
  _userId: number,
): Promise<void> {
  // Implemented by the cart module.
}

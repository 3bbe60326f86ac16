// Housekeeping: anonymises accounts whose removal grace period has passed (orders keep their money
// record, minus personal details) and drops expired OTPs, counters, outbox messages and sessions.
import type { Db } from '../../db/index.ts';
import { purgeOtps } from './otp-queries.ts';
import { purgeRateLimits } from './rate-limit.ts';
import {
  anonymiseOrderAddresses,
  anonymiseUser,
  deletePersonalRows,
  dueRemovals,
  lockDueUser,
  purgeOldSignInData,
} from './removal-queries.ts';

/** Address fields in an order's delivery_address that identify a person or a home. */
const PERSONAL_TEXT = ['address', 'flat', 'landmark', 'name', 'phone_number', 'phone', 'email', 'place_id'];
const COORDINATES = ['latitude', 'longitude', 'lat', 'lng'];

/** Anonymises every account whose removal was requested at least `graceDays` ago. */
export async function anonymiseDueAccounts(db: Db, graceDays: number): Promise<number[]> {
  const done: number[] = [];
  for (const id of await dueRemovals(db, graceDays)) {
    await db.transaction(async (tx) => {
      const user = await lockDueUser(tx, id, graceDays);
      if (!user) return;
      await anonymiseUser(tx, id);
      await deletePersonalRows(tx, id, user.phone_number);
      // Orders stay (amounts, items, payments) but lose who and where: text blanked, coordinates
      // rounded to about a kilometre.
      await anonymiseOrderAddresses(tx, id, PERSONAL_TEXT, COORDINATES);
      done.push(id);
    });
  }
  return done;
}

/** Drops what is of no further use. */
export async function purgeExpiredAccountData(db: Db): Promise<void> {
  await purgeOtps(db);
  await purgeRateLimits(db);
  await purgeOldSignInData(db);
}

export async function runAccountsHousekeeping(db: Db, graceDays: number): Promise<number[]> {
  const anonymised = await anonymiseDueAccounts(db, graceDays);
  await purgeExpiredAccountData(db);
  return anonymised;
}

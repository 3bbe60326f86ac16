// Demo data: filled in by the seed module.
import type { Db } from './db.ts';

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from cities');
  return (row?.n ?? 0) === 0;
}

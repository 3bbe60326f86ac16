// The query planner's statistics. PostgreSQL's autovacuum gathers them; the embedded database has no
// autovacuum, and a table it never analysed is planned blind: at 10,000 restaurants the option groups
// of 120 dishes were read by scanning all 87,000 groups and 250,000 options (104 ms, 1 ms once
// analysed), the search page's description match likewise. So the tables are analysed after a bulk
// load (the seed), when a database opens with a table never analysed, and on the embedded database
// every ANALYZE_EVERY_MS while a server runs (docs/decisions/0022).
import type { Queryable } from './db.ts';

/** How often a server on the embedded database analyses its tables again (orders and carts grow). */
export const ANALYZE_EVERY_MS = 6 * 3600_000;

/**
 * Analyses the application's tables: every one, or with `neverAnalysed` those the planner knows
 * nothing of (reltuples -1). Returns the tables analysed.
 */
export async function analyzeTables(db: Queryable, { neverAnalysed = false } = {}): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `select format('%I', c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and (not $1 or c.reltuples < 0)
        order by c.relname`,
      [neverAnalysed],
    )
  ).map((t) => t.name);
  if (tables.length > 0) await db.query(`analyze ${tables.join(', ')}`);
  return tables;
}

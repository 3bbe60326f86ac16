// Opens the configured database and brings its schema up to date.
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-db.ts';
import { openPostgres } from './postgres-db.ts';
import { analyzeTables } from './statistics.ts';

export type { Db, Queryable, Row } from './db.ts';
export { queryOne } from './db.ts';

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
}

export async function openDatabase(opts: DbOptions): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  await migrate(db);
  // A table new to this database (a fresh one, or a migration's) gets the planner's statistics now.
  await analyzeTables(db, { neverAnalysed: true });
  return db;
}

// Applies the numbered migrations in ./migrations once each, in order, on PGlite and PostgreSQL alike.
import type { Db } from './db.ts';
import { migrations } from './migrations/index.ts';

export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  // Two server processes starting together on one PostgreSQL must not both migrate.
  if (db.kind === 'postgres') await db.query('select pg_advisory_lock(727274)');
  try {
    const done = new Set(
      (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
      });
      applied.push(m.name);
    }
    return applied;
  } finally {
    if (db.kind === 'postgres') await db.query('select pg_advisory_unlock(727274)');
  }
}

// Named statements on PGlite. Its query() parses and plans every statement again (an unnamed
// statement each time), and planning in WebAssembly can cost several times the run itself. PGlite's
// API binds values only to unnamed statements, so a named one is made with SQL PREPARE and run with
// EXECUTE, its values written as literals: PostgreSQL turns each into the type PREPARE inferred for
// that parameter, as it does a value bound as text.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Row } from './db.ts';

const NAME = /^[a-z_][a-z0-9_]*$/;

/** A value as a PostgreSQL string literal (standard_conforming_strings, PostgreSQL's default). */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else
    throw new TypeError(
      `a prepared statement takes strings, numbers, booleans, dates and null, not ${typeof value}`,
    );
  // A bound value with NUL is refused with 22021; in a statement's text it would end the statement.
  if (text.includes('\0'))
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The statements prepared on the one connection, by name (a name always means the same SQL: callers
 * pass one constant string, so the check is a pointer comparison).
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, string>();

  async query<T extends Row>(
    q: Pick<PGlite | Transaction, 'exec'>,
    name: string,
    sql: string,
    params: readonly unknown[],
  ): Promise<T[]> {
    const known = this.prepared.get(name);
    if (known === undefined) {
      if (!NAME.test(name)) throw new Error(`not a statement name: ${name}`);
      await q.exec(`prepare ${name} as ${sql}`);
      this.prepared.set(name, sql);
    } else if (known !== sql) throw new Error(`statement ${name} was prepared with other SQL`);
    const values = params.length ? `(${params.map(sqlLiteral).join(', ')})` : '';
    const [result] = await q.exec(`execute ${name}${values}`);
    return (result?.rows ?? []) as T[];
  }
}

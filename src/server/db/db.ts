// One database interface over PGlite (embedded default) and PostgreSQL (DATABASE_URL): same SQL for both.

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name and reuses its plan: for the few hot
   * statements whose planning costs more than running them (PGlite keeps no plan between unnamed
   * statements: about 0.8 ms of WebAssembly to plan the cart's snapshot, 0.2 ms to run it).
   */
  name?: string;
}

export interface Queryable {
  /** Runs one parameterised statement ($1, $2 ...) and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Multi-statement SQL without parameters (migrations, seed). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel; resolves once the LISTEN is active. Returns an unsubscribe.
   * NOTIFYs sent while the listening connection was down are lost: `onResync` runs once it is back
   * (and listening again), so the subscriber can catch up from the tables.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether NOTIFYs are being received right now (false while the listener reconnects). */
  listenerUp(): boolean;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function queryOne<T extends Row = Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

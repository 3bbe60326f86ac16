// What a database error means for the caller: the database is unreachable right now (answer 503 and
// ask the client to retry), or the statement was given data PostgreSQL refuses (answer 400). Both
// PGlite and node-postgres report PostgreSQL's SQLSTATE in `code`; socket failures carry Node's codes.

/** SQLSTATEs and Node socket codes that mean "the connection is gone or not available". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: our backend was terminated (restart, failover, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state, e.g. "database does not allow connections"
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a dropped socket with a plain Error and one of these messages. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Connection closed|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = codeOf(err);
  if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  // "database ... does not allow connections" is 55000 only on connect; the message is reliable.
  if (/does not allow connections|the database system is (starting|shutting) up/i.test(err.message))
    return true;
  return !code && UNAVAILABLE_MESSAGES.test(err.message);
}

/** PostgreSQL refused the data itself (class 22: out of range, NUL in text, bad encoding...). */
export function isDataException(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && /^22[0-9A-Z]{3}$/.test(code);
}

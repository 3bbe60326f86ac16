// Sign-in throttling with growing delays instead of a hard account lock: one row per (number, client)
// and one per number, in the database so every API process sees the same counts.
export const sql = /* sql */ `
-- key is 'client:<phone>:<ip>' or 'number:<phone>'. failures counts failed (or still running) sign-ins
-- since the last success; it is forgotten after a quiet period (see rate-limit.ts). last_success_at
-- marks a client that signed in to the number, which other clients' failures do not slow down.
create table login_throttle (
  key text primary key,
  failures integer not null default 0,
  last_failure_at timestamptz,
  last_success_at timestamptz
);
create index login_throttle_failure_idx on login_throttle (last_failure_at);
`;

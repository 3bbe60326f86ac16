// Flood limits shared by every API process on one PostgreSQL (docs/decisions/0013): one fixed window
// per limit key (route and caller), counted by an upsert. Expired windows are purged by the server.
export const sql = /* sql */ `
create table flood_limits (
  key text primary key,
  hits integer not null,
  window_ends timestamptz not null
);
create index flood_limits_window_idx on flood_limits (window_ends);
`;

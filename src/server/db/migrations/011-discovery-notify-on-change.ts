// Browsing caches are dropped only when a statement really changed rows. The statement triggers of
// 002 fired for every statement, even one that matched no row: a periodic conditional UPDATE (the
// kitchen sweep ending timed pauses) then emptied every process's list and menu caches every few
// seconds. Each table now gets one trigger per event with a transition table, and notifies only when
// that table holds rows. TRUNCATE (no transition table) and the coupon column trigger stay as they are.
const tables = ['restaurants', 'cities', 'menu_categories', 'menu_items', 'banners'];

const perEvent = (table: string, events: Array<'insert' | 'update' | 'delete'>) =>
  events
    .map(
      (event) => /* sql */ `
create trigger ${table}_discovery_${event} after ${event} on ${table}
  referencing ${event === 'delete' ? 'old' : 'new'} table as changed_rows
  for each statement execute function discovery_notify_rows();`,
    )
    .join('\n');

export const sql = /* sql */ `
create or replace function discovery_notify_rows() returns trigger
language plpgsql as $$
begin
  if exists (select 1 from changed_rows) then
    perform pg_notify('discovery_changed', tg_table_name);
  end if;
  return null;
end
$$;

${tables
  .map(
    (t) => /* sql */ `
drop trigger ${t}_discovery_changed on ${t};
create trigger ${t}_discovery_truncated after truncate on ${t}
  for each statement execute function discovery_notify_changed();
${perEvent(t, ['insert', 'update', 'delete'])}`,
  )
  .join('\n')}

drop trigger coupons_discovery_changed_rows on coupons;
create trigger coupons_discovery_truncated after truncate on coupons
  for each statement execute function discovery_notify_changed();
${perEvent('coupons', ['insert', 'delete'])}
`;

// Spelling keys of dish names (src/shared/spelling-key.ts), so that search finds "Paneer Tikka" for
// "panner tikka". The keys are computed by the application, which owns the rules: a name added by
// the menu_items trigger of migration 002 has none until the discovery module fills it, and a key
// made by older rules (name_keys_version) is recomputed the same way.
export const sql = /* sql */ `
alter table menu_dish_names add column name_keys text[];
alter table menu_dish_names add column name_keys_version smallint;
-- Search asks for names holding every word key of the query: name_keys @> query keys.
create index menu_dish_names_keys on menu_dish_names using gin (name_keys);
`;

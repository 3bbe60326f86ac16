// The egg mark (issue 16): a dish with egg but no meat or fish. With is_veg it gives each dish one of
// the three Indian dietary marks (src/shared/diet.ts); a veg dish is never an egg dish.
export const sql = /* sql */ `
alter table menu_items add column is_egg boolean not null default false;
alter table menu_items add constraint menu_items_egg_not_veg check (not (is_egg and is_veg));
`;

// Instructions that reach the kitchen (issues 15 and 16): the customer's cooking and delivery
// instructions, stored on the order at createorder and carried on its summary to the staff console
// and the kitchen ticket. Empty when none.
export const sql = /* sql */ `
alter table orders
  add column cooking_instructions text not null default '',
  add column delivery_instructions text not null default '';
`;

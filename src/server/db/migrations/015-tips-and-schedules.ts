// Rider tips and orders scheduled for later (issue 16): the tip in paise, charged with the order and
// passed on in full (part of to_pay, outside item total, taxes and coupon), and the delivery time a
// customer chose (null: deliver now). A scheduled order waits apart on the staff console until its
// preparation should start (scheduled_for minus the restaurant's delivery time).
export const sql = /* sql */ `
alter table orders
  add column tip integer not null default 0 check (tip >= 0),
  add column scheduled_for timestamptz;
`;

// UPI payments (issue 16, docs/product.md#upi-payments).
// - payments (our ledger) learns a `pending` state: a UPI collect request the customer has not yet
//   approved in their UPI app. It moves forward like every other state (pending < authorized < failed
//   < paid < refund_pending < refunded), so a late event never moves it back.
// - payments.vpa keeps the UPI ID already masked (pr***@okhdfc): we show it, we never need it whole.
// - payments.expires_at: when a pending collect request lapses (known for the sandbox; null when the
//   provider does not say).
// - the sandbox provider keeps its own side of a collect: `created` while it waits, the full UPI ID
//   (its stand-in UPI app lists requests by it), when it expires and why it failed.
export const sql = /* sql */ `
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check
  check (status in ('pending', 'authorized', 'failed', 'paid', 'refund_pending', 'refunded'));
alter table payments add column vpa text;
alter table payments add column expires_at timestamptz;

alter table sandbox_payments drop constraint sandbox_payments_status_check;
alter table sandbox_payments add constraint sandbox_payments_status_check
  check (status in ('created', 'authorized', 'captured', 'failed', 'refunded'));
alter table sandbox_payments add column vpa text;
alter table sandbox_payments add column expires_at timestamptz;
alter table sandbox_payments add column error_reason text;
create index sandbox_payments_collect_idx on sandbox_payments (vpa) where status = 'created';
`;

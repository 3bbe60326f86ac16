// /myaccount/payments: the customer's payment history (order, amount, method, status), ten a page.
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useData } from '../../lib/use-api.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import type { PaymentPage } from '../../shared/api/orders.ts';
import { ordersPaths } from '../../shared/api/paths.ts';
import { LEDGER_STATUS_LABELS } from '../../shared/order-status.ts';
import { paymentMethodLabel } from '../../shared/upi.ts';
import './orders.css';
import { formatDate } from '../../shared/india-time.ts';

const PAGE = 10;

export function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const { data, error, mutate } = useData<PaymentPage>(
    `${ordersPaths.payments}?limit=${PAGE}&offset=${offset}`,
  );

  return (
    <main id="main" className="page orders">
      <h1>Payments</h1>
      {error && !data ? (
        <div className="orders__notice" role="alert">
          <p className="text-danger">
            {error instanceof ApiError ? error.message : 'Could not load your payments.'}
          </p>
          <button type="button" className="button" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <div aria-busy="true" aria-label="Loading your payments">
          <div className="skeleton orders__skeleton" />
        </div>
      ) : data.count === 0 ? (
        <p className="orders__empty">No payments yet.</p>
      ) : (
        <>
          <ul className="orders__list">
            {data.results.map((p) => (
              <li key={p.id} className="orders__card card payments__row">
                <div>
                  <p className="orders__restaurant">{p.restaurant_name}</p>
                  <p className="orders__sub">
                    Order <Link to={`/tracking/${p.order_id}`}>{p.order_number}</Link> ·{' '}
                    <time dateTime={p.date}>{formatDate(p.date)}</time> ·{' '}
                    <span data-testid="payment-method">{paymentMethodLabel(p.method, p.vpa)}</span>
                  </p>
                </div>
                <div className="payments__amount">
                  <strong>{formatRupees(p.amount)}</strong>
                  <span
                    className={`orders__status orders__status--${p.status === 'paid' ? 'delivered' : 'cancelled'}`}
                  >
                    {LEDGER_STATUS_LABELS[p.status]}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {data.count > PAGE && (
            <nav className="orders__pager" aria-label="Payment pages">
              <button
                type="button"
                className="button"
                disabled={!data.previous}
                onClick={() => setParams(offset - PAGE > 0 ? { offset: String(offset - PAGE) } : {})}
              >
                Newer
              </button>
              <button
                type="button"
                className="button"
                disabled={!data.next}
                onClick={() => setParams({ offset: String(offset + PAGE) })}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </main>
  );
}

// What checkout says about the order an earlier Pay left unsettled: a payment being confirmed (Pay
// waits, so nothing is charged twice), a UPI request waiting for approval in the customer's UPI app
// (checkout asks until it is paid, then shows the order), an order saved for this cart that Pay
// continues, a payment the server refused, or an order that was settled meanwhile.
import { Link } from '../../lib/router.tsx';
import { formatRupees } from '../../lib/format.ts';
import { awaitingApproval } from './order-outbox.ts';
import type { KeptOrder } from './use-kept-order.ts';
import { UpiWaiting } from './upi-waiting.tsx';

export function KeptOrderNotice({ kept, signature }: { kept: KeptOrder; signature: string }) {
  switch (kept.kind) {
    case 'unconfirmed':
      return (
        <p className="co-notice" role="status" data-testid="kept-order">
          Your last payment reached the payment service, but we could not confirm it with us yet. We try again
          as soon as you are online; you will not be charged twice.{' '}
          <Link to={`/checkout/success?order=${kept.orderId}`}>See the order</Link>
        </p>
      );
    case 'awaiting':
      if (awaitingApproval(kept.payment)) {
        return (
          <p className="co-notice" role="status" data-testid="kept-order">
            <UpiWaiting
              amount={formatRupees(kept.order.bill.to_pay)}
              vpa={kept.payment.vpa}
              expiresAt={kept.payment.expires_at}
            />{' '}
            <Link to={`/checkout/success?order=${kept.order.id}`}>See the order</Link>
          </p>
        );
      }
      return kept.entry.signature === signature ? (
        <p className="co-notice" role="status" data-testid="kept-order">
          Order {kept.order.order_number} ({formatRupees(kept.order.bill.to_pay)}) is saved and waiting for
          your payment. Pay continues with it.
        </p>
      ) : null;
    case 'refused':
      return (
        <p className="co-error co-pay-message" role="alert" data-testid="kept-order">
          {kept.message} You can pay again.
        </p>
      );
    case 'settled':
      return kept.paid ? null : (
        <p className="co-notice" role="status" data-testid="kept-order">
          Your last order was not placed.{' '}
          <Link to={`/checkout/success?order=${kept.orderId}`}>See what happened</Link>
        </p>
      );
    default:
      return null;
  }
}

// /checkout: the cart with steppers, delivery address, coupon, bill and Pay. Works as a visitor until
// the order is placed; offline it shows the saved cart, says so, and disables Pay. The bill and the
// coupon are the server's answer to every cart change: a coupon that stops qualifying shows as not
// applied (the order is placed without it), so Pay never fails because of it.
import { lineKey } from '../../shared/customisation.ts';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useNavigate } from '../../lib/router.tsx';
import type { Address } from '../../shared/api/accounts.ts';
import type { CheckoutOrder, CartResponse, StoreInfo } from '../../shared/api/checkout.ts';
import { emit, snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError, firstMessage } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import {
  CartStepper,
  cartConflict,
  onCartConflict,
  refreshCart,
  storeServerCart,
  useCartKnown,
} from '../cart/index.tsx';
import { AddressSection } from './address-section.tsx';
import { applyCouponCode } from './api/apply-coupon-code.ts';
import { removeCouponCode } from './api/remove-coupon-code.ts';
import { InstructionsSection, useInstructionsDraft } from './instructions-section.tsx';
import { ScheduleSection, useScheduleDraft } from './schedule-section.tsx';
import { TipSection, useTipDraft } from './tip-section.tsx';
import { withTip } from '../../shared/bill.ts';
import { Bill } from './bill.tsx';
import { CartChangesNotice } from './cart-changes-notice.tsx';
import { useKeptOrder } from './use-kept-order.ts';
import { preloadSuccessPage } from './success-door.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './checkout.css';

// Pay's code (order outbox, payment window) is its own chunk, fetched once the page is up, not
// with the page's first load; likewise the note about an order an earlier Pay left unsettled.
const payCode = () => Promise.all([import('./pay.ts'), import('./order-outbox.ts')]);
const KeptOrderNotice = lazy(() =>
  import('./kept-order-notice.tsx').then((m) => ({ default: m.KeptOrderNotice })),
);

export function CheckoutPage() {
  const items = useAppState((s) => s.cart);
  const info = useAppState((s) => s.cart_info);
  const meta = useAppState((s) => s.cart_meta);
  const store = useAppState((s) => s.store_info);
  const loggedIn = useAppState((s) => s.loggedIn);
  const cartKnown = useCartKnown();
  const online = useOnline();
  const navigate = useNavigate();

  const conflict = useSyncExternalStore(onCartConflict, cartConflict, cartConflict);
  const [address, setAddress] = useState<Address | null>(null);
  const [payMessage, setPayMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const instructions = useInstructionsDraft();
  const tip = useTipDraft();
  const schedule = useScheduleDraft(store);
  // The order an earlier Pay left unsettled (a dropped connection, a reload): asked about on arrival
  // and on reconnect, and settled first.
  const kept = useKeptOrder(online && loggedIn);
  useEffect(() => {
    if (online && loggedIn) void payCode().catch(() => undefined);
  }, [online, loggedIn]);
  const keptPaid = kept.kind === 'settled' && kept.paid ? kept.orderId : null;
  useEffect(() => {
    if (keptPaid !== null) navigate(`/checkout/success?order=${keptPaid}`, { replace: true });
  }, [keptPaid, navigate]);
  // While a change is on its way the server's bill is unknown; the coupon it last had is still named.
  const [lastCoupon, setLastCoupon] = useState<string | null>(null);
  if (info && info.coupon_code !== lastCoupon) setLastCoupon(info.coupon_code);

  const chosenId = useRef<number | null>(null);
  const onSelect = useCallback((a: Address | null) => {
    // Only addresses the restaurant delivers to arrive here; a newly chosen one reprices delivery.
    if (a && chosenId.current !== a.id) {
      chosenId.current = a.id;
      void refreshCart({ lat: a.latitude, lng: a.longitude }).catch(() => undefined);
    }
    setAddress(a);
  }, []);

  const pricedAt = useMemo(
    () => (address ? { lat: address.latitude, lng: address.longitude } : null),
    [address],
  );

  /** Applies a code; rejects with the server's reason, which the coupons panel shows. */
  const applyCoupon = useCallback(
    async (code: string) => {
      const res = await applyCouponCode(code, pricedAt);
      await storeServerCart(res);
      snackbar.success(`${res.coupon_code} applied: you save ${formatRupees(res.coupon_discount)}`);
    },
    [pricedAt],
  );

  const dropCoupon = async (): Promise<CartResponse> => {
    const res = await removeCouponCode(pricedAt);
    await storeServerCart(res);
    return res;
  };

  const removeCoupon = async () => {
    try {
      await dropCoupon();
    } catch (err) {
      snackbar.danger(firstMessage(err, 'Could not remove the coupon.'));
    }
  };

  if (!items.length && !cartKnown) return <CartLoading />;
  if (!items.length) {
    return (
      <main className="page co-page co-page--empty" id="main">
        <TopBar store={null} />
        <div className="co-empty">
          <h1 className="co-empty__title">Your cart is empty</h1>
          <p className="co-muted">You can go to the restaurants page to view more restaurants.</p>
          <Link to="/restaurants" className="button button--primary">
            See restaurants near you
          </Link>
        </div>
      </main>
    );
  }

  const confirming = kept.kind === 'unconfirmed';
  const canPay =
    online &&
    loggedIn &&
    address !== null &&
    info !== null &&
    !conflict &&
    !paying &&
    !confirming &&
    tip.error === null &&
    !schedule.missing;
  // The tip and the delivery slot go with the attempt (and make another attempt when they change).
  const extras = { tip: tip.tip, scheduledFor: schedule.sent };
  // What an order attempt is made for: other items, coupon, address or instructions make another.
  const signature = JSON.stringify([
    items.map((i) => [i.id, i.quantity]),
    info?.coupon_code,
    address?.id,
    instructions.sent ?? null,
    tip.tip,
    schedule.sent ?? null,
  ]);

  const pay = async () => {
    if (!address || !store || !info) return;
    setPayMessage(null);
    setPaying(true);
    void preloadSuccessPage().catch(() => undefined);
    try {
      // A coupon the bill already shows as used up would be refused with the order: take it off
      // first (the bill already leaves it out, so the amount does not change).
      if (info.coupon_code && info.coupon_error_code === 'coupon_used_up') {
        await dropCoupon();
        snackbar.danger(`${info.coupon_code} has been fully used up, so it was removed.`);
      }
      const sig = JSON.stringify([
        items.map((i) => [i.id, i.quantity]),
        null,
        address.id,
        instructions.sent ?? null,
        tip.tip,
        schedule.sent ?? null,
      ]);
      const current = info.coupon_error_code === 'coupon_used_up' ? sig : signature;
      const [{ payOrder }, { beginAttempt }] = await payCode();
      let entry = await beginAttempt(current, address.id, instructions.sent, extras);
      if (entry.provider) {
        // A payment an earlier visit could not confirm is confirmed first: never a second charge.
        const now = await kept.refresh();
        if (now.kind === 'settled') return navigate(`/checkout/success?order=${now.orderId}`);
        if (now.kind === 'unconfirmed' || now.kind === 'unknown') return;
        entry = await beginAttempt(current, address.id, instructions.sent, extras);
      }
      const { outcome, order } = await payOrder(
        entry,
        store.name,
        (m) => setPayMessage(`Payment failed: ${m}`),
        { renew: true },
      );
      if (
        outcome.kind === 'paid' ||
        outcome.kind === 'unconfirmed' ||
        outcome.kind === 'pending' ||
        outcome.kind === 'not-payable'
      ) {
        // Unconfirmed or pending (a UPI request waiting for approval): the order page shows what the
        // server learns (it checks with the provider) and follows it.
        return finish(outcome.kind === 'paid' ? outcome.order : order);
      }
      setPayMessage(
        outcome.kind === 'dismissed'
          ? 'Payment cancelled. You have not been charged, and your cart is saved: you can pay whenever you are ready.'
          : `${outcome.message} Your cart is saved: you can try again.`,
      );
      void kept.refresh();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'coupon_used_up' && info.coupon_code) {
        // Someone took the last use while this page was open: without it the total changes, so say so.
        const res = await dropCoupon().catch(() => null);
        const total = res?.cart_info ? ` Your total is now ${formatRupees(res.cart_info.to_pay)}.` : '';
        setPayMessage(`${err.message} We removed it from your cart.${total} Press Pay to continue.`);
      } else if (err instanceof ApiError && err.code === 'cart_conflict') {
        setPayMessage('Choose which cart to keep, then pay.');
        void refreshCart().catch(() => undefined);
      } else {
        setPayMessage(`${firstMessage(err)} Your cart is saved: you can try again.`);
        if (err instanceof ApiError && err.status === 400) void refreshCart().catch(() => undefined);
      }
    } finally {
      setPaying(false);
    }
  };

  const finish = (order: CheckoutOrder) => {
    if (order.payment_status === 'paid') {
      instructions.clear();
      tip.clear();
      schedule.clear();
    }
    void refreshCart().catch(() => undefined);
    navigate(`/checkout/success?order=${order.id}`);
  };

  const toPay = info ? withTip(info, tip.tip).to_pay : (meta?.item_total ?? 0);

  return (
    <main className="page co-page" id="main">
      <TopBar store={store} />
      <h1 className="co-title">Checkout</h1>
      {!online && (
        <p className="co-offline" role="status">
          You are offline. Your cart is saved on this device and changes will be sent when you reconnect.
          Payment needs an internet connection.
        </p>
      )}
      <div className="co-layout">
        <div className="co-main">
          {store && (
            <AddressSection
              loggedIn={loggedIn}
              store={store}
              selectedId={address?.id ?? null}
              onSelect={onSelect}
            />
          )}
        </div>
        <aside className="co-side">
          <CartChangesNotice />
          <section className="co-card" aria-labelledby="co-cart-title">
            <h2 id="co-cart-title" className="co-store">
              {store && (
                <Link to={`/restaurants/${store.slug}`} className="co-store__link">
                  <img src={store.image} alt="" width={48} height={48} className="co-store__img" />
                  <span>
                    <span className="co-store__name">{store.name}</span>
                    <span className="co-muted co-store__area">{store.area}</span>
                  </span>
                </Link>
              )}
              {!store && 'Your cart'}
            </h2>
            <ul className="co-items">
              {items.map((i) => (
                <li key={lineKey(i.id, i.options)} className="co-item">
                  <span
                    className={`co-item__diet co-item__diet--${i.is_veg ? 'veg' : 'nonveg'}`}
                    aria-hidden="true"
                  />
                  <span className="co-item__name">
                    {i.name}
                    {!!i.choices?.length && <span className="item-choices">{i.choices.join(', ')}</span>}
                    {!i.in_stock && <span className="co-item__out">Out of stock</span>}
                  </span>
                  <CartStepper
                    item={{
                      id: i.id,
                      name: i.name,
                      price: i.price,
                      restaurantId: i.restaurant_id,
                      inStock: i.in_stock,
                      ...(i.options?.length ? { options: i.options, choices: i.choices ?? [] } : {}),
                    }}
                  />
                  <span className="co-item__price">{formatRupees(i.line_total)}</span>
                </li>
              ))}
            </ul>
          </section>

          <InstructionsSection value={instructions.value} onChange={instructions.set} disabled={paying} />

          {store && schedule.available && (
            <ScheduleSection
              storeName={store.name}
              value={schedule.value}
              onChange={schedule.set}
              slots={schedule.slots}
              closed={schedule.closed}
              disabled={paying}
            />
          )}

          <TipSection value={tip.value} onChange={tip.set} error={tip.error} disabled={paying} />

          <section className="co-card co-coupon" aria-labelledby="co-coupon-title">
            <h2 id="co-coupon-title" className="co-section__title">
              Offers
            </h2>
            {info?.coupon_code || (!info && lastCoupon) ? (
              <div
                className={`co-coupon__applied${info?.coupon_error ? ' co-coupon__applied--off' : ''}`}
                data-testid="coupon"
              >
                <span>
                  <strong className="co-coupon__code">{info?.coupon_code ?? lastCoupon}</strong>{' '}
                  {!info ? (
                    <span className="co-muted">checking…</span>
                  ) : info.coupon_error ? (
                    <span className="co-coupon__off">Not applied</span>
                  ) : info.coupon_discount > 0 ? (
                    <span className="co-coupon__saving">You save {formatRupees(info.coupon_discount)}</span>
                  ) : (
                    <span className="co-muted">applied</span>
                  )}
                </span>
                <button
                  type="button"
                  className="button"
                  onClick={() => void removeCoupon()}
                  disabled={!online || !info}
                >
                  Remove
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button co-coupon__open"
                disabled={!online || !store}
                onClick={() => store && emit('show-coupons', { storeId: store.id, onApply: applyCoupon })}
              >
                Apply coupon
              </button>
            )}
            {info?.coupon_error && (
              <p className="co-coupon__reason" role="status">
                {info.coupon_error} Your order is placed without it.
              </p>
            )}
          </section>

          <div className="co-card">
            <Bill info={info} itemTotal={meta?.item_total ?? 0} tip={tip.tip} />
          </div>

          {kept.kind !== 'checking' && kept.kind !== 'none' && kept.kind !== 'unsent' && (
            <Suspense fallback={null}>
              <KeptOrderNotice kept={kept} signature={signature} />
            </Suspense>
          )}
          {payMessage && (
            <p className="co-error co-pay-message" role="alert">
              {payMessage}
            </p>
          )}
          <div className="co-pay">
            <button
              type="button"
              className="button button--primary co-pay__button"
              disabled={!canPay}
              aria-describedby="co-pay-hint"
              onClick={() => void pay()}
            >
              {paying ? 'Processing…' : `Pay ${formatRupees(toPay)}`}
            </button>
            <p id="co-pay-hint" className="co-muted co-pay__hint">
              {!online
                ? 'Connect to the internet to pay.'
                : !loggedIn
                  ? 'Log in to place your order.'
                  : conflict
                    ? 'Choose which cart to keep to continue.'
                    : confirming
                      ? 'Waiting for the payment service to confirm your last payment.'
                      : !address
                        ? 'Choose a delivery address the restaurant delivers to.'
                        : !info
                          ? 'Updating your bill…'
                          : tip.error
                            ? 'Enter the tip in whole rupees, or choose None.'
                            : schedule.missing
                              ? 'Choose a delivery time.'
                              : 'Payments are secured by our payment partner.'}
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}

/** Until the cart engine has loaded a cart it cannot yet call empty: the page's frame, cards pending. */
function CartLoading() {
  return (
    <main className="page co-page" id="main">
      <TopBar store={null} />
      <h1 className="co-title">Checkout</h1>
      <div className="co-layout" aria-busy="true">
        <div className="co-main">
          <div className="co-card co-loading skeleton" />
        </div>
        <aside className="co-side">
          <p className="visually-hidden" role="status">
            Loading your cart…
          </p>
          <div className="co-card co-loading co-loading--tall skeleton" />
        </aside>
      </div>
    </main>
  );
}

function TopBar({ store }: { store: StoreInfo | null }) {
  return (
    <nav className="co-topbar" aria-label="Checkout">
      <Link to={store ? `/restaurants/${store.slug}` : '/restaurants'} className="co-topbar__back">
        <span aria-hidden="true">←</span> {store ? `Back to ${store.name}` : 'Restaurants'}
      </Link>
    </nav>
  );
}

// /checkout: the cart with steppers, delivery address, coupon, bill and Pay. Works as a visitor until
// the order is placed; offline it shows the saved cart, says so, and disables Pay.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Address } from '../../shared/api/accounts.ts';
import type {
  ApplyCouponResponse,
  CartInfo,
  CartItem,
  CartResponse,
  StoreInfo,
} from '../../shared/api/checkout.ts';
import { emit, snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError, api } from '../../lib/http.ts';
import { useAppState } from '../../lib/store.ts';
import { CartStepper, cartPaths, newOpId, refreshCart, storeServerCart } from '../cart/index.tsx';
import { AddressSection } from './address-section.tsx';
import { Bill } from './bill.tsx';
import { createOrder, openPayment } from './pay.ts';
import { LAST_ORDER_KEY } from './success-page.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './checkout.css';

export function CheckoutPage() {
  const items = useAppState((s) => s.cart as CartItem[]);
  const info = useAppState((s) => s.cart_info as CartInfo | null);
  const meta = useAppState((s) => s.cart_meta);
  const store = useAppState((s) => s.store_info as StoreInfo | null);
  const loggedIn = useAppState((s) => s.loggedIn);
  const access = useAppState((s) => s.access);
  const online = useOnline();
  const navigate = useNavigate();

  const [address, setAddress] = useState<Address | null>(null);
  const [deliverable, setDeliverable] = useState(true);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [payMessage, setPayMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  useEffect(() => {
    document.title = 'Checkout';
  }, []);

  // After logging in from this page, load the account's cart (the server merges the visitor's cart).
  const firstAccess = useRef(access);
  useEffect(() => {
    if (access && access !== firstAccess.current) void refreshCart().catch(() => undefined);
    firstAccess.current = access;
  }, [access]);

  const chosenId = useRef<number | null>(null);
  const onSelect = useCallback((a: Address | null, ok: boolean) => {
    // A newly chosen address reprices delivery for its distance.
    if (a && chosenId.current !== a.id) {
      chosenId.current = a.id;
      void refreshCart({ lat: a.latitude, lng: a.longitude }).catch(() => undefined);
    }
    setAddress(a);
    setDeliverable(ok);
  }, []);

  const locQuery = address ? `?lat=${address.latitude}&lng=${address.longitude}` : '';

  const applyCoupon = useCallback(
    async (code: string) => {
      setCouponError(null);
      try {
        const res = await api<ApplyCouponResponse>(cartPaths.applyCouponPath(code) + locQuery, {
          method: 'POST',
        });
        await storeServerCart(res);
        snackbar.success(`${res.coupon_code} applied: you save ${formatRupees(res.coupon_discount)}`);
      } catch (err) {
        const message = err instanceof Error ? err.message : 'This coupon could not be applied.';
        setCouponError(message);
        snackbar.danger(message);
      }
    },
    [locQuery],
  );

  const removeCoupon = async () => {
    setCouponError(null);
    try {
      await storeServerCart(
        await api<CartResponse>(cartPaths.REMOVE_COUPON_PATH + locQuery, { method: 'POST' }),
      );
    } catch (err) {
      snackbar.danger(err instanceof Error ? err.message : 'Could not remove the coupon.');
    }
  };

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

  const canPay = online && loggedIn && address !== null && deliverable && info !== null && !paying;
  const signature = JSON.stringify([items.map((i) => [i.id, i.quantity]), info?.coupon_code, address?.id]);

  const pay = async () => {
    if (!address || !store) return;
    setPayMessage(null);
    setPaying(true);
    try {
      if (!attempt.current || attempt.current.signature !== signature) {
        attempt.current = { signature, key: `pay-${newOpId()}` };
      }
      let order = await createOrder({ address_id: address.id }, attempt.current.key);
      if (order.order.payment_status === 'paid') return finish(order.order);
      if (order.order.status !== 'placed') {
        // That attempt was superseded or cancelled: start a fresh one.
        attempt.current = { signature, key: `pay-${newOpId()}` };
        order = await createOrder({ address_id: address.id }, attempt.current.key);
      }
      const outcome = await openPayment(order, store.name, (m) => setPayMessage(`Payment failed: ${m}`));
      if (outcome.kind === 'paid') return finish(outcome.order);
      setPayMessage(
        outcome.kind === 'dismissed'
          ? 'Payment cancelled. Your cart is saved: you can pay whenever you are ready.'
          : `${outcome.message} Your cart is saved: you can try again.`,
      );
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong.';
      setPayMessage(`${message} Your cart is saved: you can try again.`);
      if (err instanceof ApiError && err.status === 400) void refreshCart().catch(() => undefined);
    } finally {
      setPaying(false);
    }
  };

  const finish = (order: { id: number }) => {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
    void refreshCart().catch(() => undefined);
    navigate(`/checkout/success?order=${order.id}`);
  };

  const toPay = info?.to_pay ?? meta?.item_total ?? 0;

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
          {address && !deliverable && (
            <p className="co-error" role="alert">
              {store?.name ?? 'This restaurant'} does not deliver to this address. Choose another address.
            </p>
          )}
        </div>
        <aside className="co-side">
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
                <li key={i.id} className="co-item">
                  <span
                    className={`co-item__diet co-item__diet--${i.is_veg ? 'veg' : 'nonveg'}`}
                    aria-hidden="true"
                  />
                  <span className="co-item__name">{i.name}</span>
                  <CartStepper
                    item={{
                      id: i.id,
                      name: i.name,
                      price: i.price,
                      restaurantId: i.restaurant_id,
                      inStock: i.in_stock,
                    }}
                  />
                  <span className="co-item__price">{formatRupees(i.line_total)}</span>
                </li>
              ))}
            </ul>
          </section>

          <section className="co-card co-coupon" aria-labelledby="co-coupon-title">
            <h2 id="co-coupon-title" className="co-section__title">
              Offers
            </h2>
            {info?.coupon_code ? (
              <div className="co-coupon__applied">
                <span>
                  <strong className="co-coupon__code">{info.coupon_code}</strong>{' '}
                  {info.coupon_discount > 0 ? (
                    <span className="co-coupon__saving">You save {formatRupees(info.coupon_discount)}</span>
                  ) : (
                    <span className="co-muted">applied</span>
                  )}
                </span>
                <button
                  type="button"
                  className="button"
                  onClick={() => void removeCoupon()}
                  disabled={!online}
                >
                  Remove
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button co-coupon__open"
                disabled={!online || !store}
                onClick={() =>
                  store &&
                  emit('show-coupons', { storeId: store.id, onApply: (code) => void applyCoupon(code) })
                }
              >
                Apply coupon
              </button>
            )}
            {(couponError ?? info?.coupon_error) && (
              <p className="co-error" role="alert">
                {couponError ?? info?.coupon_error}
              </p>
            )}
          </section>

          <div className="co-card">
            <Bill info={info} itemTotal={meta?.item_total ?? 0} />
          </div>

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
                  : !address
                    ? 'Choose a delivery address to continue.'
                    : !deliverable
                      ? 'Choose an address inside the delivery area.'
                      : !info
                        ? 'Updating your bill…'
                        : 'Payments are secured by our payment partner.'}
            </p>
          </div>
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

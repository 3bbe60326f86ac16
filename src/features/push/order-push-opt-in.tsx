// "Notify me" on a customer's order page: after they allow notifications, this browser is subscribed
// to Web Push and hears about their orders' status changes (accepted, out for delivery, delivered,
// cancelled, rejected) with the app closed. Shown only when the server has push configured and the
// order is still under way. While the page is open and this browser gets no pushes, a status change
// is shown through the service-worker registration instead. The subscription code (subscribe.ts)
// loads only once the customer has allowed notifications.
import { useEffect, useRef, useState } from 'react';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { isFinalStatus } from '../../shared/order-status.ts';
import { isCustomerPushStatus } from '../../shared/push-notifications.ts';
import { getPushKey } from './api/get-push-key.ts';
import { pushSupported } from './support.ts';
import './push.css';

type State = 'hidden' | 'offer' | 'busy' | 'on' | 'blocked' | 'failed';

const loadSubscribe = () => import('./subscribe.ts');

export function OrderPushOptIn({ order }: { order: OrderSummary }) {
  const [state, setState] = useState<State>('hidden');
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void (async () => {
      const k = await getPushKey();
      if (!live || !k) return;
      setKey(k);
      if (Notification.permission === 'denied') return setState('blocked');
      if (Notification.permission !== 'granted') return setState('offer');
      // Allowed before: keep this browser's subscription saved for whoever is signed in now. Without
      // one (turned off here earlier), offer again rather than subscribe behind their back.
      try {
        const { currentSubscription, enablePush } = await loadSubscribe();
        const on = (await currentSubscription()) !== null;
        if (on) await enablePush(k);
        if (live) setState(on ? 'on' : 'offer');
      } catch (err) {
        console.warn('push: could not renew the subscription', err);
        if (live) setState('offer');
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  // A status change while the page is open, for a browser that gets no pushes.
  const shown = useRef(order.status);
  useEffect(() => {
    const before = shown.current;
    shown.current = order.status;
    if (before === order.status || state === 'on' || !isCustomerPushStatus(order.status)) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const status = order.status;
    void loadSubscribe()
      .then((m) =>
        m.showStatusNotification(
          { id: order.id, order_number: order.order_number, restaurant: order.restaurant.name },
          status,
        ),
      )
      .catch((err: unknown) => console.warn('push: notification failed', err));
  }, [order.status, order.id, order.order_number, order.restaurant.name, state]);

  async function turnOn() {
    if (!key) return;
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'offer');
        return;
      }
      const { enablePush } = await loadSubscribe();
      await enablePush(key);
      setState('on');
    } catch (err) {
      console.warn('push: could not subscribe', err);
      setState('failed');
    }
  }

  async function turnOff() {
    setState('busy');
    try {
      const { disablePush } = await loadSubscribe();
      await disablePush();
      setState('offer');
    } catch (err) {
      console.warn('push: could not unsubscribe', err);
      setState('on');
    }
  }

  if (state === 'hidden' || isFinalStatus(order.status)) return null;
  return (
    <section className="card push-opt-in" aria-labelledby="push-opt-in-title">
      <h2 id="push-opt-in-title">Order updates</h2>
      {state === 'on' ? (
        <>
          <p>
            Notifications are on: you will hear when your order is accepted, out for delivery and delivered,
            even with the app closed.
          </p>
          <button type="button" className="button" onClick={() => void turnOff()}>
            Turn off
          </button>
        </>
      ) : state === 'blocked' ? (
        <p>
          Notifications are blocked for this site. Allow them in your browser’s site settings to hear about
          your order.
        </p>
      ) : (
        <>
          <p>
            Get a notification when the restaurant accepts your order, when it is out for delivery and when it
            arrives, even with the app closed.
          </p>
          {state === 'failed' && (
            <p role="alert" className="push-opt-in__error">
              Could not turn on notifications on this device. Please try again.
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={state === 'busy'}
            onClick={() => void turnOn()}
          >
            {state === 'busy' ? 'Turning on…' : 'Notify me'}
          </button>
        </>
      )}
    </section>
  );
}

// /partner/orders: the kitchen console, a screen of its own (no customer header, footer or bars). The
// top bar says which restaurant, whether it takes orders, whether this tab is live, and signs out;
// the alert bar rings for new orders; three views: the live board (lanes by stage), the history
// (day ranges, search, totals) and the kitchen controls. The view is in the address (?view=). Only the
// board and what alerts staff load with the first screen; the history, the kitchen controls, the
// action dialog and the ticket's layout load on use, fetched ahead on intent and once the tab is idle.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { cookies, COOKIES } from '../../lib/cookies.ts';
import { noChanges } from '../../lib/no-changes.ts';
import { logout } from '../auth/boot.ts';
import { intakeLabel, preloadTicketPrinting, useKitchenState } from '../kitchen/boot.ts';
import { StaffPush } from '../push/index.tsx';
import { AlertBar } from './alerting/index.ts';
import {
  askNotificationPermission,
  notificationPermission,
  onSoundChange,
  setSoundEnabled,
  soundEnabled,
  unlockAudio,
} from './alerts.ts';
import { ConnectionIndicator } from './connection/index.ts';
import { lazyParts } from './lazy-parts.tsx';
import { OrderBoard } from './order-board.tsx';
import './live-orders.css';

const VIEWS = ['board', 'history', 'kitchen'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { board: 'Orders', history: 'History', kitchen: 'Kitchen' };

// In a view's place while its code loads: only when opened before the idle prefetch below has it.
const loading = (
  <p className="live-orders__hint" role="status">
    Loading…
  </p>
);
const parts = lazyParts(() => import('./console-parts.ts'));
const OrderHistory = parts.part((m) => m.OrderHistory, loading).Part;
const KitchenControls = parts.part((m) => m.KitchenControls, loading).Part;
const actionDialog = parts.part((m) => m.ActionDialog);
/** Fetches the parts' code ahead; a failure is tried again on use. */
const prefetchParts = () => void parts.preload().catch(() => undefined);

/**
 * Once the first screen is up and the tab idle, fetches the code loaded on use, so a tab, a dialog or
 * a ticket (auto-printed ones too) never waits for it.
 */
function usePrefetchWhenIdle() {
  useEffect(() => {
    const prefetchAll = () => {
      prefetchParts();
      preloadTicketPrinting().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetchAll, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(prefetchAll, 500); // no idle callback (Safari)
    return () => clearTimeout(t);
  }, []);
}

function ConsoleBar({ restaurantId }: { restaurantId: string | undefined }) {
  const { state } = useKitchenState();
  return (
    <header className="console-bar">
      <div className="console-bar__who">
        <h1 className="console-bar__title">Live orders</h1>
        <p className="console-bar__restaurant">{state?.restaurant.name ?? 'Your restaurant'}</p>
      </div>
      {state ? (
        <p className={`console-bar__intake${state.accepting_orders ? '' : ' console-bar__intake--paused'}`}>
          {intakeLabel(state)}
          {state.busy_extra_min > 0 ? ` · Busy +${state.busy_extra_min} min` : ''}
        </p>
      ) : (
        // Holds the pill's place until the state arrives, so the board below does not jump.
        <p className="console-bar__intake console-bar__intake--pending" aria-hidden="true">
          Taking new orders
        </p>
      )}
      <ConnectionIndicator restaurantId={restaurantId} />
      <button
        type="button"
        className="button console-bar__signout"
        onClick={() => void logout({ to: '/partner/login' })}
      >
        Log out
      </button>
    </header>
  );
}

/**
 * The browser's settings, read after hydration: the server's console (and the browser's hydrating
 * render of it) shows the usual state of a new tab, notifications not asked yet and sound on.
 */
function AlertSettings() {
  const browserPermission = useSyncExternalStore(noChanges, notificationPermission, () => 'default' as const);
  const [asked, setPermission] = useState<ReturnType<typeof notificationPermission> | null>(null);
  const permission = asked ?? browserPermission;
  const sound = useSyncExternalStore(onSoundChange, soundEnabled, () => true);
  return (
    <div className="live-orders__tools">
      {permission === 'granted' ? (
        <span className="live-orders__hint">Notifications on</span>
      ) : permission === 'denied' ? (
        <span className="live-orders__hint">Notifications blocked in browser settings</span>
      ) : permission === 'default' ? (
        <button
          type="button"
          className="button"
          onClick={() => void askNotificationPermission().then(setPermission)}
        >
          Enable notifications
        </button>
      ) : null}
      <StaffPush />
      <label className="live-orders__sound">
        <input
          type="checkbox"
          checked={sound}
          onChange={(e) => {
            setSoundEnabled(e.target.checked);
            if (e.target.checked) unlockAudio();
          }}
        />
        Sound for new orders
      </label>
    </div>
  );
}

export function LiveOrdersPage() {
  const restaurantId = cookies.get(COOKIES.restaurantId);
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const view: View = (VIEWS as readonly string[]).includes(raw ?? '') ? (raw as View) : 'board';
  const [counts, setCounts] = useState({ newOrders: 0, active: 0 });
  const onCount = useCallback((newOrders: number, active: number) => setCounts({ newOrders, active }), []);
  const tabsId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  // The controls mount when first shown and then stay, hidden like the board, as they were left.
  const [kitchenShown, setKitchenShown] = useState(view === 'kitchen');
  if (view === 'kitchen' && !kitchenShown) setKitchenShown(true);
  usePrefetchWhenIdle();

  const choose = (v: View) => setParams(v === 'board' ? {} : { view: v });
  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (i + step + VIEWS.length) % VIEWS.length;
    choose(VIEWS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <main id="main" className="console live-orders">
      <ConsoleBar restaurantId={restaurantId} />
      <AlertBar restaurantId={restaurantId} />
      <div className="console__nav">
        <div className="console__tabs" role="tablist" aria-label="Console">
          {VIEWS.map((v, i) => (
            <button
              key={v}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-${v}`}
              aria-selected={view === v}
              aria-controls={`${tabsId}-${v}-panel`}
              tabIndex={view === v ? 0 : -1}
              className={`console__tab${view === v ? ' console__tab--on' : ''}`}
              onClick={() => choose(v)}
              onKeyDown={(e) => onTabKey(e, i)}
              onPointerEnter={prefetchParts}
              onFocus={prefetchParts}
            >
              {VIEW_LABELS[v]}
              {v === 'board' && counts.active > 0 ? (
                <span className="console__tab-count">
                  {counts.newOrders > 0 ? counts.newOrders : counts.active}
                  <span className="visually-hidden">{counts.newOrders > 0 ? ' new' : ' active'}</span>
                </span>
              ) : null}
            </button>
          ))}
        </div>
        <AlertSettings />
      </div>

      {/* The board stays mounted behind other views: its list stays live and auto-print keeps working. */}
      <section
        role="tabpanel"
        id={`${tabsId}-board-panel`}
        aria-labelledby={`${tabsId}-board`}
        hidden={view !== 'board'}
      >
        <OrderBoard restaurantId={restaurantId} actionDialog={actionDialog} onCount={onCount} />
      </section>
      {view === 'history' && (
        <section role="tabpanel" id={`${tabsId}-history-panel`} aria-labelledby={`${tabsId}-history`}>
          <OrderHistory restaurantId={restaurantId} actionDialog={actionDialog} />
        </section>
      )}
      <section
        role="tabpanel"
        id={`${tabsId}-kitchen-panel`}
        aria-labelledby={`${tabsId}-kitchen`}
        hidden={view !== 'kitchen'}
      >
        {kitchenShown && <KitchenControls />}
      </section>
    </main>
  );
}

// The kitchen controls on the staff console (docs/kitchen-controls.md): whether customers can order
// now, pause and resume, busy mode, auto-accept with its prep time, items out of stock, ticket
// printing on this device, and the history of every control. The server enforces each rule; the panel
// offers only its choices and shows its refusals word for word.
import { useEffect, useId, useRef, useState } from 'react';
import { firstMessage } from '../../lib/http.ts';
import {
  BUSY_EXTRA_CHOICES,
  PAUSE_MINUTES_CHOICES,
  PAUSE_UNTIL_REOPENED,
  type BusyExtra,
  type PauseDuration,
} from '../../shared/kitchen.ts';
import { PREP_TIME_CHOICES } from '../../shared/order-status.ts';
import type { KitchenState } from '../../shared/api/kitchen.ts';
import { pauseOrders } from './api/pause-orders.ts';
import { resumeOrders } from './api/resume-orders.ts';
import { setAutoAccept } from './api/set-auto-accept.ts';
import { setBusyMode } from './api/set-busy-mode.ts';
import { ControlHistory } from './control-history.tsx';
import { KitchenDialog } from './kitchen-dialog.tsx';
import { pauseLabel } from './control-labels.ts';
import { intakeLabel } from './labels.ts';
import { StockList } from './stock-list.tsx';
import { TicketSettings } from './ticket-settings-form.tsx';
import { useKitchenState } from './use-kitchen-state.ts';
import './kitchen.css';

const PAUSE_CHOICES: PauseDuration[] = [...PAUSE_MINUTES_CHOICES, PAUSE_UNTIL_REOPENED];

export function KitchenControls() {
  const { state, loadError, reload, set } = useKitchenState();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [askPause, setAskPause] = useState(false);
  const [pauseFor, setPauseFor] = useState<PauseDuration>(30);
  const [historyKey, setHistoryKey] = useState(0);
  const [stockOpen, setStockOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Pause and Resume replace each other: focus follows to the one now shown.
  const intakeButton = useRef<HTMLButtonElement>(null);
  const refocusIntake = useRef(false);
  useEffect(() => {
    if (!refocusIntake.current || askPause) return;
    refocusIntake.current = false;
    intakeButton.current?.focus();
  });
  const titleId = useId();
  const pauseGroup = useId();
  const prepId = useId();

  async function run(control: () => Promise<KitchenState>) {
    setWorking(true);
    setError(null);
    try {
      set(await control());
      setHistoryKey((k) => k + 1);
      return true;
    } catch (err) {
      setError(firstMessage(err, 'Could not change the kitchen settings.'));
      return false;
    } finally {
      setWorking(false);
    }
  }

  if (!state)
    return (
      <section className="kitchen" aria-labelledby={titleId}>
        <h2 id={titleId} className="kitchen__title">
          Kitchen controls
        </h2>
        {loadError ? (
          <div className="kitchen__error" role="alert">
            <span>{loadError}</span>
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
          </div>
        ) : (
          <p className="kitchen__muted">Loading the kitchen…</p>
        )}
      </section>
    );

  const staffPaused = state.pause !== null;
  const prepChoices = [...new Set<number>([...PREP_TIME_CHOICES, state.default_prep_time_min])].sort(
    (a, b) => a - b,
  );

  return (
    <section className="kitchen" aria-labelledby={titleId}>
      <div className="kitchen__head">
        <h2 id={titleId} className="kitchen__title">
          Kitchen controls
        </h2>
        <p
          className={`kitchen__intake${state.accepting_orders ? '' : ' kitchen__intake--paused'}`}
          role="status"
        >
          {intakeLabel(state)}
          {state.busy_extra_min > 0 ? ` · Busy +${state.busy_extra_min} min` : ''}
          {state.auto_accept ? ' · Auto-accept on' : ''}
        </p>
      </div>

      {error && (
        <div className="kitchen__error" role="alert">
          {error}
        </div>
      )}

      <div className="kitchen__grid">
        <div className="kitchen__card">
          <h3 className="kitchen__card-title">New orders</h3>
          {staffPaused ? (
            <>
              <p className="kitchen__muted">
                Customers see “{state.not_accepting_reason ?? 'Not accepting orders right now'}”.
              </p>
              <button
                ref={intakeButton}
                type="button"
                className="button button--primary"
                disabled={working}
                onClick={() =>
                  void run(resumeOrders).then((ok) => {
                    refocusIntake.current = ok;
                  })
                }
              >
                Resume orders
              </button>
            </>
          ) : (
            <button
              ref={intakeButton}
              type="button"
              className="button button--danger"
              disabled={working}
              onClick={() => setAskPause(true)}
            >
              Pause new orders
            </button>
          )}
          {state.unattended_pause && (
            <p className="kitchen__muted">
              Paused by the system: {state.unattended_pause.reason}. It ends when this console is connected.
            </p>
          )}
        </div>

        <div className="kitchen__card">
          <h3 className="kitchen__card-title" id={`${titleId}-busy`}>
            Busy mode
          </h3>
          <div className="kitchen__segments" role="group" aria-labelledby={`${titleId}-busy`}>
            {BUSY_EXTRA_CHOICES.map((m) => (
              <button
                key={m}
                type="button"
                className={`kitchen__segment${state.busy_extra_min === m ? ' kitchen__segment--on' : ''}`}
                aria-pressed={state.busy_extra_min === m}
                disabled={working}
                onClick={() => state.busy_extra_min !== m && void run(() => setBusyMode(m as BusyExtra))}
              >
                {m === 0 ? 'Off' : `+${m} min`}
              </button>
            ))}
          </div>
          <p className="kitchen__muted">Adds to every prep time and to the delivery time customers see.</p>
        </div>

        <div className="kitchen__card">
          <h3 className="kitchen__card-title">Auto-accept</h3>
          <label className="kitchen__switch">
            <input
              type="checkbox"
              checked={state.auto_accept}
              disabled={working}
              onChange={(e) => {
                const on = e.target.checked;
                void run(() => setAutoAccept(on, state.default_prep_time_min));
              }}
            />
            Accept paid orders by themselves
          </label>
          <label className="field kitchen__prep" htmlFor={prepId}>
            Prep time they get
            <select
              id={prepId}
              value={state.default_prep_time_min}
              disabled={working}
              onChange={(e) => {
                const minutes = Number(e.target.value);
                void run(() => setAutoAccept(state.auto_accept, minutes));
              }}
            >
              {prepChoices.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </select>
          </label>
        </div>

        <TicketSettings />
      </div>

      <details className="kitchen__more" onToggle={(e) => setStockOpen(e.currentTarget.open)}>
        <summary>
          Item stock
          {state.out_of_stock.length > 0 ? ` · ${state.out_of_stock.length} out of stock` : ''}
        </summary>
        {stockOpen && (
          <StockList
            onChanged={() => {
              setHistoryKey((k) => k + 1);
              reload();
            }}
          />
        )}
      </details>

      <details className="kitchen__more" onToggle={(e) => setHistoryOpen(e.currentTarget.open)}>
        <summary>Control history</summary>
        {historyOpen && <ControlHistory reloadKey={historyKey} />}
      </details>

      {askPause && (
        <KitchenDialog
          title="Pause new orders"
          confirmLabel="Pause orders"
          tone="danger"
          working={working}
          onCancel={() => setAskPause(false)}
          onConfirm={() =>
            void run(() => pauseOrders(pauseFor)).then((ok) => {
              refocusIntake.current = ok;
              setAskPause(false);
            })
          }
        >
          <fieldset className="kitchen-dialog__choices">
            <legend>For how long?</legend>
            {PAUSE_CHOICES.map((d) => (
              <label key={String(d)} className="kitchen-dialog__choice">
                <input
                  type="radio"
                  name={pauseGroup}
                  value={String(d)}
                  checked={pauseFor === d}
                  onChange={() => setPauseFor(d)}
                />
                {pauseLabel(d)}
              </label>
            ))}
          </fieldset>
          <p className="kitchen__muted">
            Customers see “Not accepting orders right now” and cannot order. Orders already placed carry on.
          </p>
        </KitchenDialog>
      )}
    </section>
  );
}

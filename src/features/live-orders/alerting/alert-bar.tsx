// The alert bar of the staff tab (issue 14): the orders that are ringing, with Acknowledge (silences
// them on every device of the restaurant), which tab of this browser rings, and what stops the sound:
// a browser that blocks audio until the first tap (with a button), or sound turned off. The bar holds
// its place from the console's first frame, calm while nothing rings and of the same height: an order
// that starts ringing never pushes the board (and the button a cook is about to tap) down the screen.
import { useAlerting } from './use-alerting.ts';
import './alerting.css';

const MAX_NUMBERS = 3;

export function AlertBar({ restaurantId }: { restaurantId?: string }) {
  const a = useAlerting(restaurantId);
  const n = a.ringing.length;
  const numbers = a.ringing.slice(0, MAX_NUMBERS).map((o) => o.order_number);
  const more = n - numbers.length;
  const who =
    a.role === 'follower'
      ? 'Ringing in another tab of this browser'
      : a.sound === 'on'
        ? 'Ringing until someone accepts or acknowledges'
        : a.sound === 'off'
          ? 'Sound is off: notifications only'
          : 'Sound is blocked: notifications only';
  const blockedHere = a.role === 'leader' && a.sound === 'blocked';
  const blockedThere = a.role === 'follower' && a.leaderSound === 'blocked';
  const notes = blockedHere || blockedThere || a.awake === false;
  const calm =
    a.sound === 'on'
      ? 'Sound on'
      : a.sound === 'off'
        ? 'Sound is off: notifications only'
        : 'Sound is blocked: notifications only';
  return (
    <>
      <section className={`alert-bar${n > 0 ? ' alert-bar--ringing' : ''}`} aria-label="New order alerts">
        {n > 0 ? (
          <div className="alert-bar__panel alert-bar__ringing" role="alert" data-role={a.role}>
            <span className="alert-bar__bell" aria-hidden="true" />
            <p className="alert-bar__text">
              <strong>{n === 1 ? 'New order waiting' : `${n} new orders waiting`}</strong>
              <span>
                {numbers.join(', ')}
                {more > 0 ? ` and ${more} more` : ''}
              </span>
              {/* A failed acknowledgement says why in place of who rings: the bar keeps its height. */}
              <span className={a.error ? 'alert-bar__error' : 'alert-bar__who'}>{a.error ?? who}</span>
            </p>
            <button
              type="button"
              className="button alert-bar__ack"
              onClick={a.acknowledge}
              disabled={a.acknowledging}
            >
              Acknowledge
            </button>
          </div>
        ) : (
          <div className="alert-bar__panel alert-bar__calm">
            <span className="alert-bar__bell" aria-hidden="true" />
            <p className="alert-bar__text">
              <strong>No order is ringing</strong>
              <span>A new order rings here until someone accepts or acknowledges it</span>
              <span className="alert-bar__who">{calm}</span>
            </p>
          </div>
        )}
      </section>
      {/* Fixed at the bottom: notes that come a moment after the page loads never push the list. One
          line each on a phone, so a note hides as little of the board as it can. */}
      {notes && (
        <aside className="alert-notes" aria-label="Alert sound and screen">
          {blockedHere && (
            <p className="alert-notes__note">
              <span>Sound is blocked until you tap the page.</span>
              <button type="button" className="button" onClick={a.enableSound}>
                Turn on sound
              </button>
            </p>
          )}
          {blockedThere && (
            <p className="alert-notes__note">
              <span>Sound is blocked in the tab that rings for this browser.</span>
              <button type="button" className="button" onClick={a.ringHere}>
                Ring in this tab
              </button>
            </p>
          )}
          {a.awake === false && (
            <p className="alert-notes__note">The screen may go to sleep: keep this tab open and in front.</p>
          )}
        </aside>
      )}
    </>
  );
}

// The connection state the staff always see (issue 14): Live while the server's heartbeat arrives,
// Reconnecting after a missed beat or a dropped socket, Offline when the browser has no network, the
// quick retries failed, or the server refused this sign-in. Offline offers "Reconnect".
import { useConnectionState } from './use-staff-socket.ts';
import './connection.css';

export function ConnectionIndicator({ restaurantId }: { restaurantId?: string }) {
  const { state, refused, everLive, reconnect } = useConnectionState(restaurantId);
  const label =
    state === 'live'
      ? 'Live'
      : state === 'reconnecting'
        ? everLive
          ? 'Reconnecting…'
          : 'Connecting…'
        : 'Offline';
  const hint = refused
    ? 'Log in again to receive orders'
    : state === 'offline'
      ? 'Missed orders arrive when the connection is back'
      : null;
  return (
    <div className={`connection connection--${state}`} data-state={state}>
      <p className="connection__status" role="status" aria-label="Connection">
        <span className="connection__pill">
          <span className="connection__dot" aria-hidden="true" />
          <span className="connection__label">
            <span>{label}</span>
          </span>
        </span>
        {hint && <span className="connection__hint">{hint}</span>}
      </p>
      {state === 'offline' && (
        <button type="button" className="button connection__retry" onClick={reconnect}>
          Reconnect
        </button>
      )}
    </div>
  );
}

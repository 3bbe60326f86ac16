// The Veg mode switch of both headers (src/shared/diet.ts): on, the app hides egg and non-veg dishes
// and the restaurants that serve no veg dish. Says so when it changes, for screen readers too.
import { setVegMode, useVegMode } from '../../lib/veg-mode.ts';
import './veg-mode.css';

export function VegModeSwitch({ className = '' }: { className?: string }) {
  const on = useVegMode();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={`veg-switch ${className}`}
      title={on ? 'Veg mode is on: only veg dishes show' : 'Veg mode is off'}
      onClick={() => setVegMode(!on)}
    >
      <span className="veg-switch__label">Veg mode</span>
      <span className="veg-switch__track" aria-hidden="true">
        <span className="veg-switch__thumb" />
      </span>
    </button>
  );
}

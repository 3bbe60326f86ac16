// The status timeline with times, shared by the tracking page and the bare /m status page.
import type { TimelineStep } from '../../shared/api/orders.ts';
import { formatTime } from '../../shared/india-time.ts';

export function Timeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="timeline" aria-label="Order progress">
      {steps.map((s) => (
        <li
          key={s.status}
          className={`timeline__step${s.done ? ' timeline__step--done' : ''}${s.current ? ' timeline__step--current' : ''}${
            s.status === 'cancelled' || s.status === 'rejected' ? ' timeline__step--stopped' : ''
          }`}
          aria-current={s.current ? 'step' : undefined}
        >
          <span className="timeline__dot" aria-hidden="true" />
          <span className="timeline__label">{s.label}</span>
          <span className="timeline__time">
            {s.at ? (
              <time dateTime={s.at}>{formatTime(s.at)}</time>
            ) : (
              <span className="visually-hidden">not yet</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function etaText(eta: string | null, now = Date.now()): string | null {
  if (!eta) return null;
  const min = Math.round((Date.parse(eta) - now) / 60_000);
  if (min <= 1) return `Arriving any minute (by ${formatTime(eta)})`;
  return `Arriving by ${formatTime(eta)}, in about ${min} min`;
}

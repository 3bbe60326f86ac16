// The control history: who changed what in the kitchen and when, newest first, a page at a time.
import { useEffect, useState } from 'react';
import { firstMessage } from '../../lib/http.ts';
import type { KitchenLogPage } from '../../shared/api/kitchen.ts';
import { listKitchenLog } from './api/list-kitchen-log.ts';
import { whenLabel } from './labels.ts';

export const HISTORY_PAGE = 10;

export function ControlHistory({ reloadKey }: { reloadKey: number }) {
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<KitchenLogPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    listKitchenLog(HISTORY_PAGE, offset, ctl.signal)
      .then((p) => {
        setPage(p);
        setError(null);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setError(firstMessage(err, 'Could not load the history.'));
      });
    return () => ctl.abort();
  }, [offset, reloadKey, attempt]);

  if (error)
    return (
      <div className="kitchen__error" role="alert">
        <span>{error}</span>
        <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
          Try again
        </button>
      </div>
    );
  if (!page) return <p className="kitchen__muted">Loading the history…</p>;
  if (page.count === 0) return <p className="kitchen__muted">No controls used yet.</p>;

  const pages = Math.max(1, Math.ceil(page.count / HISTORY_PAGE));
  const current = Math.floor(offset / HISTORY_PAGE) + 1;
  return (
    <>
      <ol className="kitchen-history">
        {page.results.map((e) => (
          <li key={e.id} className="kitchen-history__entry">
            <span className="kitchen-history__what">{e.summary}</span>
            <span className="kitchen__muted">
              {/* The summary names who acted (or the server); the line adds when. */}
              <time dateTime={e.at}>{whenLabel(e.at)}</time>
            </span>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="kitchen-history__pager" aria-label="History pages">
          <button
            type="button"
            className="button"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - HISTORY_PAGE))}
          >
            Newer
          </button>
          <span>
            Page {current} of {pages}
          </span>
          <button
            type="button"
            className="button"
            disabled={offset + HISTORY_PAGE >= page.count}
            onClick={() => setOffset(offset + HISTORY_PAGE)}
          >
            Older
          </button>
        </nav>
      )}
    </>
  );
}

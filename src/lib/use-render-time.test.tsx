// The class of defect: text relative to the clock differs between the server's render and the
// browser's hydrating render a few seconds (or minutes) later, and React throws the page away.
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFirstPageData } from './first-page-data.ts';
import { useRenderTime } from './use-render-time.ts';

const ETA = Date.parse('2026-11-27T14:00:00Z');

/** Formats as the app's relative texts do: against the given time, or the clock. */
const minutesLeft = (now = Date.now()) => Math.round((ETA - now) / 60_000);

function Eta() {
  return <p>{`in about ${minutesLeft(useRenderTime())} min`}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  setFirstPageData(null);
});

describe('useRenderTime', () => {
  it('hydrates with the render time, then shows the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const renderedAt = ETA - 25 * 60_000;
    vi.setSystemTime(renderedAt);
    const data = { api: {}, userLocation: null, signedIn: true, renderedAt };
    setFirstPageData(data);
    const html = renderToString(<Eta />);
    expect(html).toContain('in about 25 min');

    // The browser hydrates three minutes later.
    vi.setSystemTime(renderedAt + 3 * 60_000);
    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Eta />, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.textContent).toBe('in about 22 min');
  });

  it('is the clock in a render of the browser’s own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ETA - 10 * 60_000);
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(<Eta />);
    });
    expect(container.textContent).toBe('in about 10 min');
  });
});

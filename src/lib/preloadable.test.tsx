import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

function Page() {
  return <p>the page</p>;
}

function renderWithFallbackLog(Component: React.ComponentType) {
  const fallbacks: string[] = [];
  function Fallback() {
    fallbacks.push('shown');
    return <p>loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Component />
    </Suspense>,
  );
  return fallbacks;
}

describe('preloadable', () => {
  it('renders a module loaded before the first render at once, with no loading state', async () => {
    const page = preloadable(() => Promise.resolve(Page));
    await page.preload();
    const fallbacks = renderWithFallbackLog(page.Component);
    expect(screen.getByText('the page')).toBeTruthy();
    expect(fallbacks).toHaveLength(0);
  });

  it('shows the loading state for a module that is not loaded yet, then the page', async () => {
    const page = preloadable(() => Promise.resolve(Page));
    const fallbacks = renderWithFallbackLog(page.Component);
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('loads the module once however often it is preloaded, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const page = preloadable(() => {
      calls += 1;
      return fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(Page);
    });
    await expect(page.preload()).rejects.toThrow('chunk failed');
    fail = false;
    await Promise.all([page.preload(), page.preload()]);
    expect(calls).toBe(2);
  });
});

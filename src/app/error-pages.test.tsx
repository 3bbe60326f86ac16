// The 404 and route error pages, the once-only reload after a failed chunk load, and the plain
// fallback when the error page itself fails.
import { render, screen } from '@testing-library/react';
import { TestRouter } from '../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorFallbackBoundary, ErrorPage, NotFoundPage, reloadAfterChunkError } from './error-pages.tsx';
import { RouteError } from './guards.ts';

function renderRouteThrowing(error: unknown) {
  render(
    <TestRouter>
      <ErrorPage error={error} />
    </TestRouter>,
  );
}

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('NotFoundPage', () => {
  it('says the page is not found and links home', () => {
    render(
      <TestRouter>
        <NotFoundPage />
      </TestRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Uh-oh! Looks like the page you are trying to access, doesn't exist. Please start afresh.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
  });
});

describe('ErrorPage', () => {
  it('shows a RouteError status and message', async () => {
    renderRouteThrowing(new RouteError(500, 'Unknown middleware'));
    expect(await screen.findByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Unknown middleware')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
  });
  it('defaults to 500 with the error message for any other error', async () => {
    renderRouteThrowing(new Error('Database fell over'));
    expect(await screen.findByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Database fell over')).toBeInTheDocument();
  });
  it('shows the 404 page for a 404 route error', async () => {
    renderRouteThrowing(new RouteError(404, 'Not Found'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
  it('shows another route error status with its message', async () => {
    renderRouteThrowing(new RouteError(403, 'Forbidden'));
    expect(await screen.findByRole('heading', { level: 1, name: '403' })).toBeInTheDocument();
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
  });
  it('reloads the page once when a chunk failed to load', async () => {
    renderRouteThrowing(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});

describe('reloadAfterChunkError', () => {
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/menu-abc.js');

  it('reloads once, then not again within a minute (no reload loop)', () => {
    expect(reloadAfterChunkError(chunkError, 1_000_000)).toBe(true);
    expect(reloadAfterChunkError(chunkError, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
  it('may reload again after a minute (a later deploy)', () => {
    expect(reloadAfterChunkError(chunkError, 1_000_000)).toBe(true);
    expect(reloadAfterChunkError(chunkError, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('ignores other errors', () => {
    expect(reloadAfterChunkError(new Error('boom'))).toBe(false);
    expect(reloadAfterChunkError('Importing a module script failed')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('ErrorFallbackBoundary', () => {
  it('shows a plain fallback with a link home when the error page itself throws', () => {
    const Broken = () => {
      throw new Error('the error page broke');
    };
    render(
      <ErrorFallbackBoundary>
        <Broken />
      </ErrorFallbackBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
  });
});

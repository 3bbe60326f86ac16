import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, saveTokens } from '../../lib/auth-token.ts';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { MyAccountPage } from './my-account-page.tsx';
import { RequestRemovePage } from './request-remove-page.tsx';

let calls: { path: string; method: string }[];
let removeStatus = 200;

beforeEach(() => {
  calls = [];
  removeStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({ path, method: init.method ?? 'GET' });
      if (path === '/api/v1/users/details/') {
        return new Response(
          JSON.stringify({ phone_number: '9876543210', name: 'Asha Rao', email: 'asha@example.com' }),
        );
      }
      if (path === '/api/v1/users/request-remove/') {
        return new Response(
          JSON.stringify(
            removeStatus === 200
              ? { status: 200, message: 'ok', remove_after: '2026-12-05T06:00:00.000Z' }
              : { status: removeStatus, message: 'Please log in to continue.' },
          ),
          { status: removeStatus },
        );
      }
      return new Response('{}');
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  appState.reset();
});

describe('MyAccountPage', () => {
  it('loads the profile summary and opens Edit Profile', async () => {
    appState.set({ loggedIn: true, access: 'tok', user: null });
    const opened = vi.fn();
    const off = on('show-profile', opened);
    render(
      <TestRouter>
        <MyAccountPage />
      </TestRouter>,
    );
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText(/9876543210/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(opened).toHaveBeenCalled();
    for (const [name, href] of [
      ['Orders', '/myaccount/orders'],
      ['Addresses', '/myaccount/addresses'],
      ['Payments', '/myaccount/payments'],
      ['Request account removal', '/request-remove'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    off();
  });
});

describe('RequestRemovePage', () => {
  /** The page for a signed-in customer. */
  const renderRemovePage = () => {
    saveTokens({ access: 'a.b.c', refresh: 'r1' });
    const user = userEvent.setup();
    render(
      <TestRouter>
        <RequestRemovePage />
      </TestRouter>,
    );
    return user;
  };

  it('explains, asks for confirmation, sends the request and signs out locally', async () => {
    const user = renderRemovePage();
    expect(screen.getByText('You are logged out at once on every device.')).toBeInTheDocument();
    // Only the removal request counts: the session's own calls (a token refresh) may come at any time.
    const removals = () => calls.filter((c) => c.path === '/api/v1/users/request-remove/');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(removals()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, remove my account' }));
    expect(await screen.findByRole('heading', { name: 'Account removal requested' })).toBeInTheDocument();
    expect(screen.getByText(/removed on 5 December 2026/)).toBeInTheDocument();
    expect(removals()).toEqual([{ path: '/api/v1/users/request-remove/', method: 'POST' }]);
    expect(appState.get().loggedIn).toBe(false);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('shows the server message and stays signed in when the request fails', async () => {
    removeStatus = 401;
    const user = renderRemovePage();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to continue.');
    await waitFor(() => expect(appState.get().loggedIn).toBe(true));
  });
});

// The heart as a customer meets it: a toggle button with aria-pressed that fills at once and falls
// back (with the server's reason) when the server refuses; signed out it asks to log in instead.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { HeartButton } from './heart-button.tsx';

type Answer = { status: number; body: unknown };
let answers: Record<string, (method: string) => Answer | Promise<Answer>>;
const calls: Array<{ method: string; url: string }> = [];

beforeEach(() => {
  calls.length = 0;
  answers = { '/api/v1/favourites/': () => ({ status: 200, body: { results: [] } }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const key = Object.keys(answers).find((k) => url.endsWith(k));
      const a = await answers[key!]!(method);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => appState.set({ loggedIn: false, access: null }));
});

const signIn = () => act(() => appState.set({ loggedIn: true, access: 'token' }));
const heart = () => screen.getByRole('button', { name: 'Favourite: Meghana Biryani House' });

describe('HeartButton', () => {
  it('signed out: asks to log in and changes nothing', async () => {
    const asked = vi.fn();
    const snack = vi.fn();
    const offAuth = on('show-auth', asked);
    const offSnack = on('snackbar', snack);
    render(<HeartButton restaurantId={1} name="Meghana Biryani House" />);
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart());
    expect(asked).toHaveBeenCalledWith({ mode: 'login', redirect: false });
    expect(snack).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Log in to save your favourite restaurants.' }),
    );
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    offAuth();
    offSnack();
  });

  // Right after the signed-out tap above: the heart it remembered is the one this test also taps.
  it('hearts the restaurant tapped while signed out once the visitor has logged in', async () => {
    const saved = new Set<number>();
    answers['/api/v1/favourites/'] = () => ({
      status: 200,
      body: { results: [...saved].map((id) => ({ id, name: `R${id}` })) },
    });
    answers['/api/v1/favourites/1/'] = () => {
      saved.add(1);
      return { status: 200, body: { restaurant_id: 1, favourite: true } };
    };
    render(<HeartButton restaurantId={1} name="Meghana Biryani House" />);
    fireEvent.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    signIn();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/v1/favourites/1/' },
    ]);
  });

  it('signed in: shows the saved state, fills at once on a tap and stays filled when the server agrees', async () => {
    const saved = new Set([2]);
    answers['/api/v1/favourites/'] = () => ({
      status: 200,
      body: { results: [...saved].map((id) => ({ id, name: `R${id}` })) },
    });
    let release!: () => void;
    answers['/api/v1/favourites/1/'] = () =>
      new Promise((resolve) => {
        release = () => {
          saved.add(1);
          resolve({ status: 200, body: { restaurant_id: 1, favourite: true } });
        };
      });
    signIn();
    render(
      <>
        <HeartButton restaurantId={1} name="Meghana Biryani House" />
        <HeartButton restaurantId={2} name="Other" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite: Other' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/v1/favourites/1/' });
    release();
    // Listed again after the change: still filled, the other one too.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Favourite: Other' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back and says why when the server refuses', async () => {
    answers['/api/v1/favourites/'] = () => ({ status: 200, body: { results: [] } });
    answers['/api/v1/favourites/1/'] = () => ({
      status: 409,
      body: { status: 409, message: 'You can keep up to 500 favourite restaurants.' },
    });
    const snack = vi.fn();
    const off = on('snackbar', snack);
    signIn();
    render(<HeartButton restaurantId={1} name="Meghana Biryani House" />);
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true));
    fireEvent.click(heart());
    await waitFor(() =>
      expect(snack).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Could not save it to your favourites: You can keep up to 500 favourite restaurants.',
          variant: 'danger',
        }),
      ),
    );
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    off();
  });
});

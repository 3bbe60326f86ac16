// The overlay host opens the right overlay for each app-wide event, marks the body while it is open,
// closes on Escape, backdrop, 'close-overlay' or the overlay's own onClose, and returns focus.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emit, type OverlayProps } from '../../lib/events.ts';
import { OverlayHost } from './overlay-host.tsx';

vi.mock('../../features/auth/index.tsx', () => ({
  AuthOverlay: (p: OverlayProps<'show-auth'>) => (
    <div>
      <p>Auth in {p.mode} mode</p>
      <input aria-label="Phone number" />
      <button type="button" onClick={p.onClose}>
        Done
      </button>
    </div>
  ),
}));
vi.mock('../../features/location/index.tsx', () => ({
  LocationOverlay: () => <p>Pick a location</p>,
}));
vi.mock('../../features/addresses/index.tsx', () => ({
  AddressOverlay: () => <p>Save an address</p>,
}));
vi.mock('../../features/account/index.tsx', () => ({
  ProfileOverlay: () => <p>Edit your profile</p>,
}));
vi.mock('../../features/coupons/index.tsx', () => ({
  CouponsPanel: (p: OverlayProps<'show-coupons'>) => <p>Coupons for store {p.storeId}</p>,
}));

function setup() {
  render(
    <>
      <button type="button">Opener</button>
      <OverlayHost />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Opener' });
  opener.focus();
  return opener;
}

describe('OverlayHost', () => {
  it('renders nothing and leaves the body alone until an event arrives', () => {
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.dataset['overlay']).toBeUndefined();
  });

  it('opens the auth overlay with its payload in a 600px modal frame and marks the body', async () => {
    setup();
    act(() => emit('show-auth', { mode: 'signup' }));
    expect(await screen.findByText('Auth in signup mode')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Log in or sign up' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('overlay__frame--auth');
    expect(document.body.dataset['overlay']).toBe('open');
  });

  it.each([
    ['show-location', {}, 'Choose delivery location', 'Pick a location'],
    ['show-address', {}, 'Save delivery address', 'Save an address'],
    ['show-profile', {}, 'Edit Profile', 'Edit your profile'],
    ['show-coupons', { storeId: 7, onApply: () => undefined }, 'Available Coupons', 'Coupons for store 7'],
  ] as const)('%s opens its overlay', async (event, payload, label, text) => {
    setup();
    act(() => emit(event, payload as never));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: label })).toBeInTheDocument();
  });

  it('Escape closes it, unmarks the body and returns focus to the opener', async () => {
    const opener = setup();
    act(() => emit('show-auth', { mode: 'login' }));
    await screen.findByText('Auth in login mode');
    expect(opener).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.dataset['overlay']).toBeUndefined();
    expect(opener).toHaveFocus();
  });

  it('a backdrop click closes it, a click inside does not', async () => {
    setup();
    act(() => emit('show-location', {}));
    await userEvent.click(await screen.findByText('Pick a location'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('overlay-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("closes on the overlay's own onClose, on the Close button and on 'close-overlay'", async () => {
    setup();
    act(() => emit('show-auth', { mode: 'login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => emit('show-auth', { mode: 'login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => emit('show-profile', {}));
    await screen.findByText('Edit your profile');
    act(() => emit('close-overlay', {}));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.dataset['overlay']).toBeUndefined();
  });

  it('keeps Tab inside the dialog', async () => {
    setup();
    act(() => emit('show-auth', { mode: 'login' }));
    await screen.findByText('Auth in login mode');
    const close = screen.getByRole('button', { name: 'Close' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(done).toHaveFocus();
  });

  it('a second event replaces the open overlay', async () => {
    setup();
    act(() => emit('show-auth', { mode: 'login' }));
    await screen.findByText('Auth in login mode');
    act(() => emit('show-location', {}));
    expect(await screen.findByText('Pick a location')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.body.dataset['overlay']).toBe('open');
  });
});

describe('OverlayHost focus', () => {
  it('after one overlay replaced another, closing returns focus to the first opener', async () => {
    const opener = setup();
    act(() => emit('show-auth', { mode: 'login' }));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Phone number' }));
    act(() => emit('show-location', {}));
    await screen.findByText('Pick a location');
    expect(screen.getByRole('dialog')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KitchenItem, KitchenLogEntry, KitchenState } from '../../shared/api/kitchen.ts';
import { KitchenControls } from './kitchen-controls.tsx';

const BASE = '/api/v1/restaurant-admin';

function kitchen(over: Partial<KitchenState> = {}): KitchenState {
  return {
    restaurant: { id: 1, name: 'Meghana Biryani House', is_open: true, hours_label: 'Open 24 hours' },
    accepting_orders: true,
    not_accepting_reason: null,
    pause: null,
    unattended_pause: null,
    busy_extra_min: 0,
    auto_accept: false,
    default_prep_time_min: 20,
    staff_devices: { connected: 1, last_seen_at: null },
    out_of_stock: [],
    ...over,
  };
}

const item = (over: Partial<KitchenItem>): KitchenItem => ({
  id: 7,
  name: 'Paneer Tikka',
  category: 'Starters',
  price: 24900,
  is_veg: true,
  in_stock: true,
  out_of_stock_until: null,
  ...over,
});

const entry = (id: number, summary: string): KitchenLogEntry => ({
  id,
  at: new Date().toISOString(),
  actor: { id: 2, name: 'Ravi Kumar' },
  action: 'busy',
  subject: null,
  subject_id: null,
  from: '0',
  to: '10',
  note: null,
  summary,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;
let routes: Record<string, Route>;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  calls = [];
  routes = { [`GET ${BASE}/kitchen/`]: () => json(kitchen()) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      const route = routes[`${method} ${url.pathname}`];
      return route ? route(init, url) : json({ message: 'Not found.', code: 'not_found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Each test starts from an empty data cache (src/test-setup.ts): the kitchen state is shared through it. */
const renderControls = () => render(<KitchenControls />);

const busy = () => within(screen.getByRole('group', { name: 'Busy mode' }));
const findBusy = async () => within(await screen.findByRole('group', { name: 'Busy mode' }));
const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

describe('KitchenControls', () => {
  it('shows the kitchen state once loaded: taking orders, busy mode off, auto-accept off', async () => {
    renderControls();
    expect(screen.getByText('Loading the kitchen…')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Taking new orders');
    expect(busy().getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Accept paid orders by themselves' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Prep time they get' })).toHaveValue('20');
  });

  it('pauses new orders for the chosen time after a confirmation, then resumes', async () => {
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    routes[`POST ${BASE}/kitchen/pause/`] = () =>
      json(
        kitchen({
          accepting_orders: false,
          not_accepting_reason: 'Not accepting orders right now',
          pause: { until, until_reopened: false, since: new Date().toISOString() },
        }),
      );
    routes[`POST ${BASE}/kitchen/resume/`] = () => json(kitchen());
    renderControls();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause new orders' }));

    const dialog = screen.getByRole('dialog', { name: 'Pause new orders' });
    expect(within(dialog).getByRole('radio', { name: '30 minutes' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '30 minutes' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause orders' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('POST', `${BASE}/kitchen/pause/`)[0]!.body).toEqual({ duration: 60 });
    expect(screen.getByRole('status')).toHaveTextContent(/^Paused until \d{1,2}:\d{2}\s?[ap]m/i);
    expect(screen.getByText(/Customers see “Not accepting orders right now”/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resume orders' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Taking new orders'));
    expect(sent('POST', `${BASE}/kitchen/resume/`)).toHaveLength(1);
  });

  it('cancelling the pause question changes nothing', async () => {
    renderControls();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause new orders' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent('POST', `${BASE}/kitchen/pause/`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Pause new orders' })).toHaveFocus();
  });

  it('says "Paused until you reopen" for a pause without an end', async () => {
    routes[`GET ${BASE}/kitchen/`] = () =>
      json(
        kitchen({
          accepting_orders: false,
          not_accepting_reason: 'Not accepting orders right now',
          pause: { until: null, until_reopened: true, since: new Date().toISOString() },
        }),
      );
    renderControls();
    expect(await screen.findByRole('status')).toHaveTextContent('Paused until you reopen');
    expect(screen.getByRole('button', { name: 'Resume orders' })).toBeInTheDocument();
  });

  it('sets busy mode and shows the server’s refusal word for word', async () => {
    let refuse = false;
    routes[`PUT ${BASE}/kitchen/busy/`] = (init) =>
      refuse
        ? json({ message: 'Too many changes. Try again in a minute.', code: 'rate_limited' }, 429)
        : json(
            kitchen({ busy_extra_min: (JSON.parse(String(init!.body)) as { extra_min: number }).extra_min }),
          );
    renderControls();
    await userEvent.click((await findBusy()).getByRole('button', { name: '+20 min' }));
    await waitFor(() =>
      expect(busy().getByRole('button', { name: '+20 min' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Busy +20 min');

    refuse = true;
    await userEvent.click(busy().getByRole('button', { name: '+30 min' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many changes. Try again in a minute.');
    expect(busy().getByRole('button', { name: '+20 min' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns auto-accept on with the default prep time, and changes that prep time', async () => {
    routes[`PUT ${BASE}/kitchen/auto-accept/`] = (init) => {
      const b = JSON.parse(String(init!.body)) as { enabled: boolean; default_prep_time_min: number };
      return json(kitchen({ auto_accept: b.enabled, default_prep_time_min: b.default_prep_time_min }));
    };
    renderControls();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Accept paid orders by themselves' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Auto-accept on'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Prep time they get' }), '30');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Prep time they get' })).toHaveValue('30'),
    );
    expect(sent('PUT', `${BASE}/kitchen/auto-accept/`).map((c) => c.body)).toEqual([
      { enabled: true, default_prep_time_min: 20 },
      { enabled: true, default_prep_time_min: 30 },
    ]);
  });

  it('offers Try again when the kitchen state does not load', async () => {
    let fail = true;
    routes[`GET ${BASE}/kitchen/`] = () =>
      fail
        ? json({ message: 'Only restaurant staff can do this.', code: 'not_staff' }, 403)
        : json(kitchen());
    renderControls();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only restaurant staff can do this.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Taking new orders');
  });

  it('finds an item, marks it out of stock for 4 hours, and puts it back', async () => {
    const later = new Date(Date.now() + 4 * 3_600_000).toISOString();
    routes[`GET ${BASE}/menu/items/`] = () =>
      json({
        count: 2,
        next: null,
        previous: null,
        results: [item({}), item({ id: 8, name: 'Gulab Jamun', category: 'Desserts' })],
      });
    routes[`PUT ${BASE}/menu/items/7/stock/`] = (init) => {
      const b = JSON.parse(String(init!.body)) as { in_stock: boolean };
      return json({ item: item(b.in_stock ? {} : { in_stock: false, out_of_stock_until: later }) });
    };
    renderControls();
    await userEvent.click(await screen.findByText('Item stock'));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search items' }), 'paneer');
    await waitFor(() => expect(screen.queryByText('Gulab Jamun')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Mark Paneer Tikka out of stock' }));
    const dialog = screen.getByRole('dialog', { name: 'Paneer Tikka out of stock' });
    expect(within(dialog).getByRole('radio', { name: 'Until the end of the day' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'For 4 hours' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark out of stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('PUT', `${BASE}/menu/items/7/stock/`)[0]!.body).toEqual({ in_stock: false, duration: '4h' });
    expect(screen.getByText(/^Out of stock until /)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Put Paneer Tikka back in stock' }));
    await waitFor(() => expect(screen.getByText('In stock')).toBeInTheDocument());
    expect(sent('PUT', `${BASE}/menu/items/7/stock/`)[1]!.body).toEqual({ in_stock: true });
  });

  it('lists the control history, newest first, a page at a time', async () => {
    const all = Array.from({ length: 12 }, (_, i) => entry(12 - i, `Change ${12 - i}`));
    routes[`GET ${BASE}/kitchen/log/`] = (_init, url) => {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return json({
        count: all.length,
        next: null,
        previous: null,
        results: all.slice(offset, offset + limit),
      });
    };
    renderControls();
    await userEvent.click(await screen.findByText('Control history'));
    expect(await screen.findByText('Change 12')).toBeInTheDocument();
    expect(document.querySelectorAll('.kitchen-history__entry')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Change 1')).toBeInTheDocument();
    expect(screen.queryByText('Change 12')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says so when no control was used yet', async () => {
    routes[`GET ${BASE}/kitchen/log/`] = () => json({ count: 0, next: null, previous: null, results: [] });
    renderControls();
    await userEvent.click(await screen.findByText('Control history'));
    expect(await screen.findByText('No controls used yet.')).toBeInTheDocument();
  });
});

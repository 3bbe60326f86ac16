import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import { stubApi, type ApiCall, type Reply } from '../../testing/stub-api.ts';
import { AddressForm } from './address-form.tsx';

const mapSettings = vi.hoisted(() => ({
  key: null as string | null,
  tiles: { url: 'https://t.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
}));
// The Leaflet map is its own chunk with its own test; the stand-in moves the map as a drag would.
vi.mock('../../lib/street-map/index.tsx', () => ({
  loadMapSettings: () => Promise.resolve(mapSettings),
  MapBoundary: ({ children }: { children: unknown }) => children,
  StreetPinMap: (p: {
    testId: string;
    label: string;
    center: { lat: number; lng: number };
    tiles: { url: string };
    onMove: (c: { lat: number; lng: number }) => void;
    onSettle: (c: { lat: number; lng: number }) => void;
  }) => (
    <div data-testid={p.testId} aria-label={p.label} data-tiles={p.tiles.url}>
      <button
        type="button"
        onClick={() => {
          const next = { lat: p.center.lat + 0.001, lng: p.center.lng + 0.002 };
          p.onMove(next);
          p.onSettle(next);
        }}
      >
        drag the map
      </button>
    </div>
  ),
}));

let routes: [RegExp, Reply][];
let calls: ApiCall[];

const place = (lat: number, lng: number) => ({
  status: 200,
  body: {
    status: true,
    message: 'ok',
    data: [
      {
        place_id: `p-${lat}`,
        formatted_address: '80 Feet Road, Koramangala, Bengaluru',
        address_components: [{ long_name: 'Koramangala', short_name: 'Koramangala', types: ['sublocality'] }],
        geometry: { location: { lat, lng } },
        types: ['street_address'],
        area: 'Koramangala',
        city: 'Bengaluru',
      },
    ],
  },
});

beforeEach(() => {
  routes = [
    [/\/api\/v1\/gmaps\/reverse-geocode\/latlng\//, place(12.9352, 77.6245)],
    [
      /\/api\/v1\/users\/customer\/address\/create$/,
      { status: 201, body: { status: 201, message: 'Address saved', data: { id: 42 } } },
    ],
  ];
  appState.set({ userLocation: { address: 'Koramangala', area: 'Koramangala', lat: 12.9352, lng: 77.6245 } });
  calls = stubApi(
    ({ path }) =>
      routes.find(([re]) => re.test(path))?.[1] ?? { status: 404, body: { status: 404, message: 'nope' } },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  appState.set({ userLocation: null });
});

describe('AddressForm', () => {
  it('shows the street map without a browser key, geocodes the pin and saves', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm onSaved={onSaved} onClose={onClose} openDelayMs={0} />);
    expect(await screen.findByTestId('pin-picker')).toHaveAttribute(
      'data-tiles',
      'https://t.test/{z}/{x}/{y}.png',
    );
    expect(await screen.findByText('80 Feet Road, Koramangala, Bengaluru')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/gmaps/reverse-geocode/latlng/12.9352,77.6245')).toBe(true);

    const save = screen.getByRole('button', { name: 'Save address' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Door / Flat No.'), '4th floor, 12B');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Landmark'), 'Opposite Forum Mall');
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Work' }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(onClose).toHaveBeenCalled();
    const create = calls.find((c) => c.path.endsWith('/address/create'));
    expect(create?.body).toMatchObject({
      address: '80 Feet Road, Koramangala, Bengaluru',
      flat: '4th floor, 12B',
      landmark: 'Opposite Forum Mall',
      address_type: 'work',
      latitude: 12.9352,
      longitude: 77.6245,
      place_id: 'p-12.9352',
    });
  });

  it('shows a 401 from reverse geocoding as a red location error and keeps Save disabled', async () => {
    routes.unshift([
      /\/api\/v1\/gmaps\/reverse-geocode\/latlng\//,
      { status: 401, body: { status: 401, message: 'Location lookup is not allowed.' } },
    ]);
    const user = userEvent.setup();
    render(<AddressForm onClose={vi.fn()} openDelayMs={0} />);
    const err = await screen.findByText('Location lookup is not allowed.');
    expect(err).toHaveClass('text-danger');
    await user.type(screen.getByLabelText('Door / Flat No.'), '12B');
    await user.type(screen.getByLabelText('Landmark'), 'Park');
    await user.click(screen.getByRole('radio', { name: 'Home' }));
    expect(screen.getByRole('button', { name: 'Save address' })).toBeDisabled();
  });

  it('looks up and saves the point the map was moved to', async () => {
    const user = userEvent.setup();
    render(<AddressForm onClose={vi.fn()} openDelayMs={0} />);
    await screen.findByTestId('pin-picker');
    await screen.findByText('80 Feet Road, Koramangala, Bengaluru');
    expect(screen.getByTestId('pin-coords')).toHaveTextContent('12.935200, 77.624500');
    fireEvent.click(screen.getByRole('button', { name: 'drag the map' }));
    expect(screen.getByTestId('pin-coords')).toHaveTextContent('12.936200, 77.626500');
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/v1/gmaps/reverse-geocode/latlng/12.9362,77.6265'),
    );
    await user.type(screen.getByLabelText('Door / Flat No.'), '12B');
    await user.type(screen.getByLabelText('Landmark'), 'Park');
    await user.click(screen.getByRole('radio', { name: 'Home' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/address/create'))?.body).toMatchObject({
        latitude: 12.9362,
        longitude: 77.6265,
      }),
    );
  });

  it('shows a server error when saving fails', async () => {
    routes.unshift([
      /\/address\/create$/,
      {
        status: 400,
        body: { status: 400, message: 'Invalid request', errors: { landmark: ['Enter a landmark.'] } },
      },
    ]);
    const user = userEvent.setup();
    render(<AddressForm onClose={vi.fn()} openDelayMs={0} />);
    await screen.findByText('80 Feet Road, Koramangala, Bengaluru');
    await user.type(screen.getByLabelText('Door / Flat No.'), '12B');
    await user.type(screen.getByLabelText('Landmark'), 'x');
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a landmark.');
  });
});

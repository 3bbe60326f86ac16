import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everythingInView } from '../../testing/in-view.ts';
import type { Tracking } from '../../shared/api/orders.ts';
import { StatusMap, project } from './status-map.tsx';
import { etaText } from './timeline.tsx';

const settings = vi.hoisted(() => ({ fail: false }));
// The Leaflet map is its own chunk with its own test; the stand-in shows what it was given.
vi.mock('../../lib/street-map/index.tsx', () => ({
  loadMapSettings: () =>
    settings.fail
      ? Promise.reject(new Error('offline'))
      : Promise.resolve({
          key: null,
          tiles: { url: 'https://t.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
        }),
  MapBoundary: ({ children }: { children: unknown }) => children,
  StreetRouteMap: (p: {
    label: string;
    tiles: { url: string };
    restaurant: { label: string };
    delivery: { label: string } | null;
    courier: { lat: number; label: string } | null;
  }) => (
    <div data-testid="street-map" aria-label={p.label} data-tiles={p.tiles.url}>
      {[p.restaurant.label, p.delivery?.label, p.courier && `${p.courier.label} at ${p.courier.lat}`]
        .filter(Boolean)
        .join(' | ')}
    </div>
  ),
}));

beforeEach(everythingInView);
afterEach(() => {
  settings.fail = false;
  vi.unstubAllGlobals();
});

const tracking = {
  order: { status: 'picked_up' },
  restaurant_point: { lat: 12.9352, lng: 77.6245, name: 'Meghana' },
  delivery_point: { lat: 12.9279, lng: 77.6271, address: '5th Cross' },
} as Tracking;
const courier = { lat: 12.93, lng: 77.625, updated_at: new Date().toISOString() };

describe('status map', () => {
  it('puts the restaurant, the delivery point and the courier on the street map', async () => {
    render(<StatusMap tracking={tracking} courier={courier} />);
    const map = await screen.findByTestId('street-map');
    expect(map).toHaveTextContent('Meghana | You | Courier at 12.93');
    expect(map).toHaveAttribute('data-tiles', 'https://t.test/{z}/{x}/{y}.png');
    expect(map.getAttribute('aria-label')).toMatch(
      /Restaurant Meghana, delivery to 5th Cross, courier on the way/,
    );
    expect(screen.getByText(/Courier position updated/)).toBeInTheDocument();
  });

  it('draws the schematic instead when the map settings cannot be loaded (offline)', async () => {
    settings.fail = true;
    render(<StatusMap tracking={tracking} courier={courier} />);
    const img = await screen.findByRole('img');
    expect(img.getAttribute('aria-label')).toMatch(/Restaurant Meghana, delivery to 5th Cross/);
    expect(screen.getByText('Courier')).toBeInTheDocument();
  });

  it('loads the street map only once a quarter of it is on screen', async () => {
    const observers: Array<{ fire: (ratio: number) => void; options?: IntersectionObserverInit }> = [];
    const settingsAsked = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({
            options,
            fire: (ratio) =>
              cb(
                [{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry],
                this as never,
              ),
          });
        }
        observe = settingsAsked;
        disconnect() {}
      },
    );
    render(<StatusMap tracking={tracking} courier={courier} />);
    expect(settingsAsked).toHaveBeenCalled();
    expect(observers[0]!.options).toMatchObject({ threshold: 0.25, rootMargin: '0px 0px -64px 0px' });
    // A strip at the foot of a phone's screen: not yet.
    act(() => observers[0]!.fire(0.1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('street-map')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading map' })).toBeInTheDocument();
    act(() => observers.at(-1)!.fire(0.3));
    expect(await screen.findByTestId('street-map')).toHaveTextContent('Meghana');
  });

  it('projects every point inside the schematic with north up', () => {
    const pts = [
      { lat: 12.9352, lng: 77.6245 },
      { lat: 12.9279, lng: 77.6271 },
    ];
    const at = project(pts);
    for (const p of pts.map(at)) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(320);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(200);
    }
    expect(at(pts[0]!).y).toBeLessThan(at(pts[1]!).y);
  });

  it('words the ETA', () => {
    const now = Date.parse('2026-11-21T06:00:00Z');
    expect(etaText(null)).toBeNull();
    expect(etaText('2026-11-21T06:25:00Z', now)).toMatch(/in about 25 min/);
    expect(etaText('2026-11-21T06:00:30Z', now)).toMatch(/any minute/);
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PinMap, RouteMap, type LatLng, type PinMapProps } from './leaflet-maps.tsx';

const tiles = { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };
const KORAMANGALA = { lat: 12.9352, lng: 77.6245 };

// happy-dom lays nothing out: give every element the size of a phone-width map so Leaflet can
// turn screen pixels into coordinates.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
});
afterEach(() => vi.restoreAllMocks());

function pinMap(over: Partial<PinMapProps> = {}) {
  const onSettle = vi.fn<(c: LatLng) => void>();
  const props: PinMapProps = {
    tiles,
    center: KORAMANGALA,
    zoom: 13,
    onMove: vi.fn(),
    onSettle,
    onZoom: vi.fn(),
    label: 'Delivery point',
    testId: 'pin-picker',
    ...over,
  };
  return { props, onSettle, ...render(<PinMap {...props} />) };
}

describe('pin map (Leaflet)', () => {
  it('draws tiles from the template, credits OpenStreetMap and names the map', () => {
    const { container } = pinMap();
    const srcs = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((i) => i.src);
    // Zoom 13 around Koramangala: tile column 5862, row 3799 (Web Mercator).
    expect(srcs).toContain('https://tiles.test/13/5862/3799.png');
    const credit = screen.getByRole('link', { name: '© OpenStreetMap contributors' });
    expect(credit).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(credit).toHaveAttribute('target', '_blank');
    const map = screen.getByTestId('pin-picker');
    expect(map).toHaveAttribute('aria-label', 'Delivery point');
    expect(map).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('escapes the attribution text (it is HTML to Leaflet)', () => {
    const { container } = pinMap({ tiles: { ...tiles, attribution: '<img src=x onerror=alert(1)>' } });
    expect(container.querySelector('.leaflet-control-attribution img')).toBeNull();
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('<img src=x');
  });

  it('a click puts the pin there: the map glides to that point and reports where it settled', async () => {
    const { onSettle } = pinMap();
    const map = screen.getByTestId('pin-picker');
    // 100 px right of and 60 px above the centre (200, 120).
    fireEvent.click(map, { clientX: 300, clientY: 60 });
    await waitFor(() => expect(onSettle).toHaveBeenCalled());
    const settled = onSettle.mock.calls.at(-1)![0];
    expect(settled.lng).toBeGreaterThan(KORAMANGALA.lng);
    expect(settled.lat).toBeGreaterThan(KORAMANGALA.lat);
    // 100 px at zoom 13 is 100 * 360 / (256 * 2^13) degrees of longitude.
    expect(settled.lng - KORAMANGALA.lng).toBeCloseTo((100 * 360) / (256 * 8192), 3);
  });

  it('a late echo of its own move does not pull the map back mid-glide', async () => {
    const onMove = vi.fn<(c: LatLng) => void>();
    const { props, onSettle, rerender } = pinMap({ onMove });
    fireEvent.click(screen.getByTestId('pin-picker'), { clientX: 300, clientY: 60 });
    await waitFor(() => expect(onMove).toHaveBeenCalled());
    // The page renders with the first centre the map reported while the map glides on (a slow phone).
    rerender(<PinMap {...props} onMove={onMove} center={onMove.mock.calls[0]![0]} />);
    await waitFor(() => expect(onSettle).toHaveBeenCalled());
    const settled = onSettle.mock.calls.at(-1)![0];
    expect(settled.lng - KORAMANGALA.lng).toBeCloseTo((100 * 360) / (256 * 8192), 3);
  });

  it('the arrow keys pan the map under the pin', async () => {
    const { onSettle } = pinMap();
    const map = screen.getByTestId('pin-picker');
    act(() => map.focus());
    fireEvent.focus(map);
    fireEvent.keyDown(document, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(onSettle).toHaveBeenCalled());
    const settled = onSettle.mock.calls.at(-1)![0];
    expect(settled.lng).toBeGreaterThan(KORAMANGALA.lng);
    expect(settled.lat).toBeCloseTo(KORAMANGALA.lat, 3);
  });

  it('follows a centre set from outside (the device location)', async () => {
    const { props, rerender, container } = pinMap();
    rerender(<PinMap {...props} center={{ lat: 19.076, lng: 72.8777 }} />);
    await waitFor(() =>
      expect(
        [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((i) => i.src),
      ).toContain('https://tiles.test/13/5755/3654.png'),
    );
  });
});

describe('route map (Leaflet)', () => {
  it('shows the restaurant, the delivery point and the courier with labels, and moves the courier', async () => {
    const restaurant = { ...KORAMANGALA, label: 'Meghana Biryani House' };
    const delivery = { lat: 12.9279, lng: 77.6271, label: 'You' };
    const withCourierAt = (lat: number, lng: number) => (
      <RouteMap
        tiles={tiles}
        restaurant={restaurant}
        delivery={delivery}
        courier={{ lat, lng, label: 'Courier' }}
        label="Map: Restaurant Meghana"
      />
    );
    const { container, rerender } = render(withCourierAt(12.93, 77.625));
    // The tiles and then each point come a task each after the map (OneStepATask), not in its commit.
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    expect(container.querySelector('.leaflet-tile, .street-map__marker')).toBeNull();
    await waitFor(() => expect(container.querySelector('.street-map__marker--courier')).not.toBeNull());
    expect(container.querySelector('.street-map__marker--restaurant')).toHaveAttribute(
      'title',
      'Meghana Biryani House',
    );
    expect(container.querySelector('.street-map__marker--home')).toHaveAttribute('title', 'You');
    const courier = container.querySelector<HTMLElement>('.street-map__marker--courier')!;
    expect(courier).toHaveAttribute('title', 'Courier');
    await waitFor(() => expect(screen.getByText('Meghana Biryani House')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeInTheDocument();

    const before = courier.getAttribute('style');
    rerender(withCourierAt(12.928, 77.627));
    expect(container.querySelector('.street-map__marker--courier')!.getAttribute('style')).not.toBe(before);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tracking } from '../../shared/api/orders.ts';
import { StatusMap, project } from './status-map.tsx';
import { etaText } from './timeline.tsx';

describe('status map', () => {
  it('projects every point inside the drawing with north up', () => {
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

  it('describes restaurant, delivery point and courier for screen readers', () => {
    const tracking = {
      restaurant_point: { lat: 12.9352, lng: 77.6245, name: 'Meghana' },
      delivery_point: { lat: 12.9279, lng: 77.6271, address: '5th Cross' },
    } as Tracking;
    render(
      <StatusMap
        tracking={tracking}
        courier={{ lat: 12.93, lng: 77.625, updated_at: new Date().toISOString() }}
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /Restaurant Meghana, delivery to 5th Cross, courier on the way/,
    );
    expect(screen.getByText('Courier')).toBeInTheDocument();
  });

  it('words the ETA', () => {
    const now = Date.parse('2026-11-21T06:00:00Z');
    expect(etaText(null)).toBeNull();
    expect(etaText('2026-11-21T06:25:00Z', now)).toMatch(/in about 25 min/);
    expect(etaText('2026-11-21T06:00:30Z', now)).toMatch(/any minute/);
  });
});

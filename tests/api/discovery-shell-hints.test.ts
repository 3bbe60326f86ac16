// The app shell of browse pages starts their first data (and the first restaurant picture) with the
// HTML: the hints name exactly the URLs the client's boot prefetch will request.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp({ seed: (db) => seedDemo(db) });
const koramangala = JSON.stringify({
  address: '80 Feet Road',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
});

async function hintsFor(url: string, userLocation?: string): Promise<string> {
  const req = { url, cookies: userLocation ? { userLocation } : {} } as unknown as FastifyRequest;
  const pathname = url.split('?')[0]!;
  return (await Promise.all(ctx.app.shellHints.map((h) => h(req, pathname)))).join('');
}

describe('shell preload hints', () => {
  it('preloads the list and banners at the saved location, and the first picture the list shows', async () => {
    const tags = await hintsFor('/restaurants', koramangala);
    expect(tags).toContain('href="/api/v1/restaurant/list/?lat=12.9352&amp;lng=77.6245"');
    expect(tags).toContain('href="/api/v1/restaurant/all-banners/"');
    const list = await ctx.client.get('/api/v1/restaurant/list/?lat=12.9352&lng=77.6245');
    const first = (list.json() as { results: { image: string }[] }).results[0]!.image;
    expect(tags).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}">`);
  });

  it('skips the picture when filters reorder the cards, and everything without a saved location', async () => {
    expect(await hintsFor('/restaurants?veg=1', koramangala)).not.toContain('as="image"');
    expect(await hintsFor('/restaurants')).toBe('');
    expect(await hintsFor('/restaurants', '{"lat":"x"}')).toBe('');
    expect(await hintsFor('/restaurants', 'not json')).toBe('');
  });

  it('preloads the menu of a restaurant page, and nothing for other pages or odd slugs', async () => {
    expect(await hintsFor('/restaurants/meghana-biryani-house')).toContain(
      'href="/api/v1/restaurant/meghana-biryani-house/"',
    );
    expect(await hintsFor('/restaurants/%3Cscript%3E')).toBe('');
    expect(await hintsFor('/search')).toBe('');
  });
});

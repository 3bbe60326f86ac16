// The app shell of browse pages starts their first data (and the first restaurant picture) with the
// HTML: the hints name exactly the URLs the client's boot prefetch will request.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setupDemoApp } from './factories/index.ts';

const ctx = await setupDemoApp();
const koramangala = JSON.stringify({
  address: '80 Feet Road',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
});

const requestFor = (url: string, userLocation?: string, more: Record<string, string> = {}) =>
  ({ url, cookies: { ...(userLocation ? { userLocation } : {}), ...more } }) as unknown as FastifyRequest;

async function hintsFor(url: string, userLocation?: string, rendered = false): Promise<string> {
  const pathname = url.split('?')[0]!;
  const req = requestFor(url, userLocation);
  return (await Promise.all(ctx.app.shellHints.map((h) => h(req, pathname, rendered)))).join('');
}

/** The answers a server-rendered first page embeds, by path, as the client would parse them. */
async function answersFor(
  url: string,
  userLocation?: string,
  cookies: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const pathname = url.split('?')[0]!;
  const req = requestFor(url, userLocation, cookies);
  const lists = await Promise.all(ctx.app.shellHints.map((h) => h.answers?.(req, pathname) ?? []));
  return Object.fromEntries(lists.flat().map((a) => [a.path, JSON.parse(a.answer.body.toString('utf8'))]));
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
    // Coordinates without an address and area: the client's guard sends the visitor home, not to this list.
    expect(await hintsFor('/restaurants', JSON.stringify({ lat: 12.9352, lng: 77.6245 }))).toBe('');
  });

  it('preloads the menu of a restaurant page, and nothing for other pages or odd slugs', async () => {
    expect(await hintsFor('/restaurants/meghana-biryani-house')).toContain(
      'href="/api/v1/restaurant/meghana-biryani-house/"',
    );
    expect(await hintsFor('/restaurants/%3Cscript%3E')).toBe('');
    expect(await hintsFor('/search')).toBe('');
  });

  it('hints nothing for a page the server renders: its answers come inside the page instead', async () => {
    expect(await hintsFor('/restaurants', koramangala, true)).toBe('');
    expect(await hintsFor('/restaurants/meghana-biryani-house', undefined, true)).toBe('');
  });
});

describe('first-page answers', () => {
  it('are the very answers the API gives, keyed by the paths the client reads', async () => {
    const list = '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245';
    const banners = '/api/v1/restaurant/all-banners/';
    const answers = await answersFor('/restaurants', koramangala);
    expect(Object.keys(answers).sort()).toEqual([banners, list].sort());
    expect(answers[list]).toEqual((await ctx.client.get(list)).json());
    expect(answers[banners]).toEqual((await ctx.client.get(banners)).json());

    const menu = '/api/v1/restaurant/meghana-biryani-house/';
    const menuAnswers = await answersFor('/restaurants/meghana-biryani-house');
    expect(menuAnswers).toEqual({ [menu]: (await ctx.client.get(menu)).json() });
  });

  it('bring the list page the URL filters and Veg mode ask for, and none the API would refuse', async () => {
    const filtered = '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245&veg=1&sort=rating&veg_mode=1';
    const answers = await answersFor('/restaurants?sort=rating&veg=1&utm=x', koramangala, { veg_mode: '1' });
    expect(answers[filtered]).toEqual((await ctx.client.get(filtered)).json());
    expect((answers[filtered] as { results: unknown[] }).results.length).toBeGreaterThan(0);
    // A cuisine with a control character is a 400 from the API: the page asks, and shows its message.
    const refused = await answersFor('/restaurants?cuisine=%01', koramangala);
    expect(Object.keys(refused)).toEqual(['/api/v1/restaurant/all-banners/']);
  });

  it('bring the offers at the saved location and the results of a search, as their pages ask', async () => {
    const offers = '/api/v1/offers/?lat=12.9352&lng=77.6245';
    expect(await answersFor('/offers', koramangala)).toEqual({
      [offers]: (await ctx.client.get(offers)).json(),
    });
    expect(Object.keys(await answersFor('/offers'))).toEqual(['/api/v1/offers/']);
    // ?q= trimmed as the search page trims it; the path encodes it as the page's hook does.
    const search = '/api/v1/product/search?query=chicken%20biryani&lat=12.9352&lng=77.6245';
    expect(await answersFor('/search?q=%20chicken+biryani%20', koramangala)).toEqual({
      [search]: (await ctx.client.get(search)).json(),
    });
    expect(await answersFor('/search')).toEqual({});
    expect(await answersFor('/search?q=%20%20')).toEqual({});
  });

  it('are none without a saved location or for a restaurant that does not exist', async () => {
    expect(await answersFor('/restaurants')).toEqual({});
    expect(await answersFor('/restaurants/no-such-place')).toEqual({});
    expect(await answersFor('/about')).toEqual({});
  });
});

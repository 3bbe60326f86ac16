// Preload hints for the app shell of browse pages (see ShellHint in http/spa.ts): the list and banners
// for /restaurants at the saved location, with the first restaurant pictures (the page's largest
// paint), and the menu for /restaurants/{slug}. The URLs are exactly those the location feature's boot
// prefetch requests (src/features/location/boot.ts), so the browser reuses the preloaded answers.
// For a page the server renders (http/first-paint.ts) the same module hands over the answers themselves,
// keyed by the paths the client's data hooks read: the list and banners, a menu, the offers at the saved
// location, the results of /search?q=.
// A restaurant page also learns here whether its restaurant exists (else the shell answers 404, as
// the menu API does) and its name for the title.
import type { FastifyRequest } from 'fastify';
import {
  restaurantListQuerySchema,
  searchQuerySchema,
  type RestaurantListQuery,
  type RestaurantListResponse,
} from '../../../shared/api/discovery.ts';
import type { ShellHint } from '../../http/spa.ts';
import { COOKIES } from '../../../shared/constants.ts';
import { parseUserLocation } from '../../../shared/user-location.ts';
import { SEARCH_QUERY_MAX, discoveryPaths } from '../../../shared/api/paths.ts';
import { VEG_MODE_COOKIE } from '../../../shared/diet.ts';
import { readListFilters } from '../../../shared/list-filters.ts';
import type { DiscoveryService } from './service.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const dataTag = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${esc(href)}">`;
const imageTag = (href: string) => `<link rel="preload" as="image" fetchpriority="high" href="${esc(href)}">`;
/** Cards above the fold on a phone: the first picture is the largest paint. */
const FIRST_PICTURES = 1;

/** The location the client's guard will use, so the hinted list is the one it asks for. */
function savedPoint(req: FastifyRequest): { lat: number; lng: number } | undefined {
  const location = parseUserLocation(req.cookies[COOKIES.userLocation]);
  return location ? { lat: location.lat, lng: location.lng } : undefined;
}

/** `lat=…&lng=…` after `?` or `&`, as the client's paths write a point. */
const pointQuery = (sep: '?' | '&', point: { lat: number; lng: number }) =>
  `${sep}lat=${encodeURIComponent(point.lat)}&lng=${encodeURIComponent(point.lng)}`;

/**
 * The list page the client asks for first at this request's saved point, URL filters and Veg mode,
 * with its path as the client writes it (discoveryPaths); undefined without a point, or when the API
 * would refuse the request (the page then asks, and shows the API's message).
 */
function firstListPage(req: FastifyRequest): { path: string; query: RestaurantListQuery } | undefined {
  const point = savedPoint(req);
  if (!point) return undefined;
  const request = {
    ...readListFilters(new URLSearchParams(req.url.split('?')[1] ?? '')),
    veg_mode: req.cookies[VEG_MODE_COOKIE] === '1',
  };
  const path = discoveryPaths.restaurantList(point.lat, point.lng, request);
  const query = restaurantListQuerySchema.safeParse(
    Object.fromEntries(new URL(path, 'http://x').searchParams),
  );
  return query.success ? { path, query: query.data } : undefined;
}
const BANNERS_PATH = '/api/v1/restaurant/all-banners/';

/** The longest restaurant reference the menu API reads (restaurantRefSchema). */
const MAX_REF = 120;

export function discoveryShellHint(service: DiscoveryService): ShellHint {
  const picturesByEtag = new Map<string, string>();
  const hint: ShellHint = async (req, pathname, rendered) => {
    // A page the server renders comes with its answers, and React hints its first pictures itself.
    if (rendered) return '';
    if (pathname === '/restaurants') {
      const first = firstListPage(req);
      if (!first) return '';
      let tags = dataTag(first.path) + dataTag(BANNERS_PATH);
      // Filters or sorts in the URL reorder the cards: then the first picture is not known here.
      if (!req.url.includes('?')) {
        const list = await service.list(first.query);
        // The cached list body is the same object until the catalogue changes: parse it once.
        let pictures = picturesByEtag.get(list.etag);
        if (pictures === undefined) {
          const parsed = JSON.parse(list.body.toString('utf8')) as RestaurantListResponse;
          pictures = parsed.results
            .slice(0, FIRST_PICTURES)
            .map((r) => imageTag(r.image))
            .join('');
          if (picturesByEtag.size > 1000) picturesByEtag.clear();
          picturesByEtag.set(list.etag, pictures);
        }
        tags += pictures;
      }
      return tags;
    }
    const slug = /^\/restaurants\/([A-Za-z0-9-]{1,120})\/?$/.exec(pathname)?.[1];
    return slug ? dataTag(`/api/v1/restaurant/${slug}/`) : '';
  };
  // The same answers, for a first page the server renders: the page shows them without a request.
  hint.answers = async (req, pathname) => {
    if (pathname === '/restaurants') {
      if (!savedPoint(req)) return [];
      const first = firstListPage(req);
      const [list, banners] = await Promise.all([first && service.list(first.query), service.banners()]);
      const answers = [{ path: BANNERS_PATH, answer: banners }];
      return first && list ? [{ path: first.path, answer: list }, ...answers] : answers;
    }
    if (pathname === '/offers') {
      const point = savedPoint(req);
      return [
        {
          path: `/api/v1/offers/${point ? pointQuery('?', point) : ''}`,
          answer: await service.offers(point),
        },
      ];
    }
    if (pathname === '/search') {
      // The query as the search page reads it (?q=, trimmed, at most SEARCH_QUERY_MAX characters).
      const q = (new URLSearchParams(req.url.split('?')[1] ?? '').get('q') ?? '')
        .trim()
        .slice(0, SEARCH_QUERY_MAX);
      const query = searchQuerySchema.safeParse(q);
      if (!q || !query.success) return [];
      const point = savedPoint(req);
      return [
        {
          path: `/api/v1/product/search?query=${encodeURIComponent(q)}${point ? pointQuery('&', point) : ''}`,
          answer: await service.search(query.data, point),
        },
      ];
    }
    const slug = /^\/restaurants\/([A-Za-z0-9-]{1,120})\/?$/.exec(pathname)?.[1];
    const r = slug ? await service.find(slug) : undefined;
    return r ? [{ path: `/api/v1/restaurant/${slug}/`, answer: await service.detail(r) }] : [];
  };
  hint.page = async (page) => {
    if (page.name !== 'restaurants-slug') return undefined;
    const ref = page.params['slug'] ?? '';
    const r = ref.length <= MAX_REF ? await service.find(ref) : undefined;
    return r ? { detail: { restaurant: r.name, area: r.area } } : { missing: true };
  };
  return hint;
}

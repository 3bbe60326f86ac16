// Preload hints for the app shell of browse pages (see ShellHint in http/spa.ts): the list and banners
// for /restaurants at the saved location, with the first restaurant pictures (the page's largest
// paint), and the menu for /restaurants/{slug}. The URLs are exactly those the location feature's boot
// prefetch requests (src/features/location/boot.ts), so the browser reuses the preloaded answers.
import type { FastifyRequest } from 'fastify';
import type { RestaurantListResponse } from '../../../shared/api/discovery.ts';
import type { ShellHint } from '../../http/spa.ts';
import type { DiscoveryService } from './service.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const dataTag = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${esc(href)}">`;
const imageTag = (href: string) => `<link rel="preload" as="image" fetchpriority="high" href="${esc(href)}">`;
/** Cards above the fold on a phone: the first picture is the largest paint. */
const FIRST_PICTURES = 1;

function savedPoint(req: FastifyRequest): { lat: number; lng: number } | undefined {
  const raw = req.cookies['userLocation'];
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as { lat?: unknown; lng?: unknown };
    const lat = Number(v.lat);
    const lng = Number(v.lng);
    if (v.lat == null || v.lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
    return { lat, lng };
  } catch {
    return undefined;
  }
}

export function discoveryShellHint(service: DiscoveryService): ShellHint {
  const picturesByEtag = new Map<string, string>();
  return async (req, pathname) => {
    if (pathname === '/restaurants') {
      const point = savedPoint(req);
      if (!point) return '';
      const listUrl = `/api/v1/restaurant/list/?lat=${encodeURIComponent(point.lat)}&lng=${encodeURIComponent(point.lng)}`;
      let tags = dataTag(listUrl) + dataTag('/api/v1/restaurant/all-banners/');
      // Filters or sorts in the URL reorder the cards: then the first picture is not known here.
      if (!req.url.includes('?')) {
        const list = await service.list({
          ...point,
          veg: false,
          rating4: false,
          fast: false,
          sort: 'relevance',
        });
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
}

// Routes of the discovery module (mounted under /api): restaurants, menus, search, offers, maps.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  allRestaurantsQuerySchema,
  allowedParamsSchema,
  autocompleteTextSchema,
  latLngParamSchema,
  offersQuerySchema,
  placeIdSchema,
  restaurantListQuerySchema,
  restaurantParamsSchema,
  searchQueryParamsSchema,
  suggestQueryParamsSchema,
  type AllowedResponse,
  type AutocompleteResponse,
  type BrowserKeyResponse,
  type GeocodeResponse,
  type GeocodeResult,
} from '../../../shared/api/discovery.ts';
import { formatDistance, formatRadius } from '../../../shared/distance.ts';
import { deliveryReach, parseLatLng, type LatLng } from '../../../shared/geo.ts';
import { CACHE_CONTROL_SEARCH, sendCached, type CachedBody } from '../../http/etag.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { MapsUnavailableError, type MapsProvider } from '../../providers/maps/index.ts';
import { BoundedCache } from '../../bounded-cache.ts';
import type { RestaurantRow } from './queries.ts';
import type { DiscoveryService, Ready } from './service.ts';

/** OpenStreetMap's licence (ODbL) asks every map drawn from its data to credit it like this. */
const TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** Generous per-IP limit for the maps calls (they may cost money with Google). */
const MAPS_RATE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** How many distinct query strings of one route keep their checked value. */
const CHECKED_INPUTS_KEPT = 2000;

/**
 * The contract's zod schemas for a query string, run once per distinct query string of a route
 * rather than once per request: a hot route is asked the same few questions over and over (a
 * locality's list, a search as it is typed), and zod's check of a query string cost about a tenth of
 * a cached answer. Only accepted inputs are kept (a refused one is checked again, with the same 400
 * as before); the kept value is frozen, so that no request can change what the next one with the
 * same input is handed. Fastify parses the query string into a fresh object each time: its JSON is
 * the key (the same query string, the same key). Path parameters (a menu's id or slug: one string,
 * a cheap check, and as many as there are restaurants) are checked every time.
 */
const checkedOnce: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return check;
  const accepted = new BoundedCache<{ value: unknown }>(CHECKED_INPUTS_KEPT);
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = accepted.get(key);
    if (known) return known;
    const result = check(data);
    // The zod compiler answers { value } or { error }, never a promise or a boolean.
    if (typeof result !== 'object' || 'then' in result || result.error) return result;
    const kept = { value: Object.freeze(result.value) as unknown };
    accepted.set(key, kept);
    return kept;
  };
};

/**
 * Options of the routes that answer from the response cache (sendCached): no compress plugin, since
 * sendCached sends each body's compressed copy itself and the plugin's per-request hooks had nothing
 * left to do (its request decompression stays, with its 415 for an unknown Content-Encoding).
 */
const CACHED = { compress: false } as const;

/** Sends a cached answer now when it is ready (a cache hit), else when it has been built. */
function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: Ready<CachedBody>,
  cacheControl?: string,
): Promise<FastifyReply> | undefined {
  if (cached instanceof Promise) return cached.then((c) => sendCached(req, reply, c, cacheControl));
  sendCached(req, reply, cached, cacheControl);
  return undefined;
}

function pairPoint(lat: number | undefined, lng: number | undefined): LatLng | undefined {
  if (lat === undefined && lng === undefined) return undefined;
  if (lat === undefined || lng === undefined)
    throw badRequest('Send both lat and lng, or neither.', 'validation_error');
  return { lat, lng };
}

/** A hand-read value checked with its contract schema: the first message becomes the 400. */
function parsed<S extends z.ZodType>(schema: S, value: unknown, code = 'validation_error'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid value.', code);
}

/** The rest of the URL after a wildcard, decoded and checked; a 400 for broken percent-encoding. */
function wildcard<S extends z.ZodType>(req: FastifyRequest, schema: S): z.output<S> {
  const raw = (req.params as { '*'?: string })['*'] ?? '';
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw badRequest('The address is not valid URL encoding.', 'validation_error');
  }
  return parsed(schema, value);
}

function latLngOrThrow(raw: string): LatLng {
  const text = parsed(latLngParamSchema, raw, 'invalid_latlng');
  const point = parseLatLng(text);
  if (!point.ok)
    throw badRequest(`Invalid latlng "${text.slice(0, 40)}": ${point.message}.`, 'invalid_latlng');
  return point.value;
}

async function maps<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof MapsUnavailableError) throw new HttpError(502, err.message, 'maps_unavailable');
    throw err;
  }
}

export function registerDiscoveryRoutes(
  appIn: FastifyInstance,
  deps: { service: DiscoveryService; maps: MapsProvider },
): void {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  // This module's own context (its plugin is not wrapped with fastify-plugin): only its routes.
  app.setValidatorCompiler(checkedOnce);

  // ---------------------------------------------------------------- restaurants
  // Plain functions, not async ones: a cache hit is sent in the same turn (see answer()).
  app.get('/v1/restaurant/all-banners/', CACHED, (req, reply) => answer(req, reply, service.banners()));

  app.get(
    '/v1/restaurant/all/',
    { ...CACHED, schema: { querystring: allRestaurantsQuerySchema } },
    (req, reply) => answer(req, reply, service.allRestaurants(req.query)),
  );

  app.get(
    '/v1/restaurant/list/',
    { ...CACHED, schema: { querystring: restaurantListQuerySchema } },
    (req, reply) => answer(req, reply, service.list(req.query)),
  );

  const menuOf = (r: RestaurantRow | undefined) => {
    if (!r) throw notFound('No restaurant with that id or name.');
    return service.detail(r);
  };
  app.get('/v1/restaurant/:id/', { ...CACHED, schema: { params: restaurantParamsSchema } }, (req, reply) => {
    const r = service.find(req.params.id);
    return answer(req, reply, r instanceof Promise ? r.then(menuOf) : menuOf(r));
  });

  // ---------------------------------------------------------------- search and offers
  app.get(
    '/v1/product/search/suggest',
    { ...CACHED, schema: { querystring: suggestQueryParamsSchema } },
    (req, reply) => {
      const point = pairPoint(req.query.lat, req.query.lng);
      return answer(req, reply, service.suggest(req.query.query, point), CACHE_CONTROL_SEARCH);
    },
  );

  app.get(
    '/v1/product/search',
    { ...CACHED, schema: { querystring: searchQueryParamsSchema } },
    (req, reply) => {
      const point = pairPoint(req.query.lat, req.query.lng);
      return answer(req, reply, service.search(req.query.query, point), CACHE_CONTROL_SEARCH);
    },
  );

  app.get('/v1/offers/', { ...CACHED, schema: { querystring: offersQuerySchema } }, (req, reply) =>
    answer(req, reply, service.offers(pairPoint(req.query.lat, req.query.lng))),
  );

  // ---------------------------------------------------------------- maps
  const autocomplete = async (t: string): Promise<AutocompleteResponse> => {
    if (!t) return { status: true, message: 'Type a place to search.', data: [] };
    const data = await maps(() => deps.maps.autocomplete(t));
    return { status: true, message: data.length ? 'OK' : 'No places found.', data };
  };
  app.get('/v1/gmaps/places-autocomplete/', { config: MAPS_RATE_LIMIT }, async () => autocomplete(''));
  app.get('/v1/gmaps/places-autocomplete/*', { config: MAPS_RATE_LIMIT }, async (req) =>
    autocomplete(wildcard(req, autocompleteTextSchema)),
  );

  app.get(
    '/v1/gmaps/reverse-geocode/latlng/:latlng',
    { config: MAPS_RATE_LIMIT },
    async (req): Promise<GeocodeResponse> => {
      const { latlng } = req.params as { latlng: string };
      const p = latLngOrThrow(latlng);
      const data = await maps(() => deps.maps.reverseGeocode(p.lat, p.lng));
      if (data.length === 0) throw notFound('We could not find an address in India for this location.');
      return { status: true, message: 'OK', data };
    },
  );

  app.get(
    '/v1/gmaps/reverse-geocode/allowed/latlng/:latlng/:storeID',
    { config: MAPS_RATE_LIMIT },
    async (req): Promise<AllowedResponse> => {
      const { latlng, storeID } = parsed(allowedParamsSchema, req.params);
      const p = latLngOrThrow(latlng);
      const r = await service.find(storeID);
      if (!r) throw notFound('No restaurant with that id.');
      const { distance_m: distance, delivers: inside } = deliveryReach(r, p);
      let data: GeocodeResult[] = [];
      try {
        data = await deps.maps.reverseGeocode(p.lat, p.lng);
      } catch (err) {
        if (!(err instanceof MapsUnavailableError)) throw err;
      }
      return {
        status: inside,
        message: inside
          ? `${r.name} delivers to this location.`
          : `This location is ${formatDistance(distance)} from ${r.name}, outside its ${formatRadius(r.delivery_radius_m)} delivery area.`,
        data,
        distance_m: distance,
        delivery_radius_m: r.delivery_radius_m,
        restaurant_id: r.id,
      };
    },
  );

  app.get(
    '/v1/gmaps/reverse-geocode/*',
    { config: MAPS_RATE_LIMIT },
    async (req): Promise<GeocodeResponse> => {
      const placeId = wildcard(req, placeIdSchema);
      const result = await maps(() => deps.maps.lookupPlace(placeId));
      if (!result) throw notFound('Unknown place id. Search for the place again.');
      return { status: true, message: 'OK', data: [result] };
    },
  );

  app.get('/v1/gmaps/browser-key/', async (): Promise<BrowserKeyResponse> => ({
    key: appIn.config.GOOGLE_MAPS_BROWSER_KEY ?? null,
    tiles: { url: appIn.config.MAP_TILE_URL, attribution: TILE_ATTRIBUTION },
  }));
}

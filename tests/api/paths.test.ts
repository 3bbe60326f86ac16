// The client takes every API path from the contract's path tables (src/shared/api/paths.ts; eslint
// refuses a path written out in client code). Here each path of those tables, filled with sample
// values, must be a route the server registers: a route renamed or removed on one side fails here.
import { expect, it } from 'vitest';
import * as paths from '../../src/shared/api/paths.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();

type Entry = string | ((...args: unknown[]) => string);

/** Every path the tables can produce, with 7 for each required parameter. */
function samples(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [table, value] of Object.entries(paths)) {
    if (!table.endsWith('Paths')) continue;
    for (const [name, entry] of Object.entries(value as Record<string, Entry>)) {
      const path = typeof entry === 'string' ? entry : entry(...Array<number>(entry.length).fill(7));
      out.push([`${table}.${name}`, path.split('?')[0]!]);
    }
  }
  return out;
}

const pattern = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z_]+/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  );

it('every path the client can call is a route of the server', () => {
  const routes = ctx.app.routeTable.map((r) => pattern(r.url));
  const all = samples();
  expect(all.length).toBeGreaterThan(60);
  const unknown = all.filter(([, path]) => !routes.some((re) => re.test(path)));
  expect(unknown).toEqual([]);
});

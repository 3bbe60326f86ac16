// The street map's tiles (docs/decisions/0005): MAP_TILE_URL is validated at start, handed to the
// client with the browser-key answer, and its one origin is the only foreign image source the CSP
// allows.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { browserKeyResponseSchema } from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { setupApp } from './helper.ts';

const TILES = 'https://tiles.example.in/osm/{z}/{x}/{y}.png';
const ctx = await setupApp({ env: { MAP_TILE_URL: TILES } });

const csp = async () => {
  const res = await ctx.client.get('/healthz');
  return Object.fromEntries(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;
};

describe('street-map tiles', () => {
  it('hands the client the tile URL and the attribution, with no Google key', async () => {
    const res = await ctx.client.get(discoveryPaths.browserKey());
    expect(res.statusCode).toBe(200);
    expect(browserKeyResponseSchema.parse(res.json())).toEqual({
      key: null,
      tiles: { url: TILES, attribution: '© OpenStreetMap contributors' },
    });
  });

  it('allows images from the tile origin only, and nothing else from it', async () => {
    const d = await csp();
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.in']);
    for (const name of ['script-src', 'connect-src', 'style-src', 'frame-src', 'default-src']) {
      expect(d[name], name).not.toContain('https://tiles.example.in');
    }
  });

  it('defaults to OpenStreetMap and refuses unusable templates at start, naming the variable', () => {
    expect(loadConfig({}).MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'http://localhost:9000/tiles/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe(
      'http://localhost:9000/tiles/{z}/{x}/{y}.png',
    );
    for (const [bad, why] of [
      ['tile.openstreetmap.org/{z}/{x}/{y}.png', /absolute URL/],
      ['ftp://tiles.example.in/{z}/{x}/{y}.png', /https:\/\/ or http:\/\//],
      ['https://{s}.tile.example.in/{z}/{x}/{y}.png', /one host/],
      ['https://tiles.example.in/{z}/{x}.png', /must contain \{y\}/],
      ['https://user:pw@tiles.example.in/{z}/{x}/{y}.png', /user name or password/],
    ] as const) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(why);
    }
  });
});

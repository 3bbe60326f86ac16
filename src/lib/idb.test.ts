// One table of IndexedDB keys: every key the app reads or writes is named in IDB_KEYS, once.
import { describe, expect, it } from 'vitest';
import { IDB_KEYS } from './idb.ts';

// Every source file of the app (not its tests), as text.
const files = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

describe('IndexedDB keys', () => {
  it('are all different', () => {
    const values = Object.values(IDB_KEYS);
    expect(new Set(values).size).toBe(values.length);
  });

  it('are never written out where they are used: every idb call names a key of the table', () => {
    expect(files.length).toBeGreaterThan(100);
    const literal = /\bidb\.(get|set|update|del)(<[^>]*>)?\(\s*['"`]/;
    expect(files.filter(([, text]) => literal.test(text)).map(([name]) => name)).toEqual([]);
    const all = files.map(([, text]) => text).join('\n');
    for (const name of Object.keys(IDB_KEYS)) expect(all, name).toContain(`IDB_KEYS.${name}`);
  });
});

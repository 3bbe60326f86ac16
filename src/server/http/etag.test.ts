import { describe, expect, it } from 'vitest';
import { cachedJson, matchesIfNoneMatch, pickEncoding } from './etag.ts';

describe('etag helpers', () => {
  it('hashes bodies into strong tags', () => {
    const a = cachedJson({ a: 1 });
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cachedJson({ a: 1 }).etag).toBe(a.etag);
    expect(cachedJson({ a: 2 }).etag).not.toBe(a.etag);
  });
  it('compares If-None-Match weakly, across codings', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc-br"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
  it('picks br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBe(null);
    expect(pickEncoding(undefined)).toBe(null);
  });
  it('reads x-gzip and * as gzip, as the compress plugin does, also when asked again', () => {
    for (let i = 0; i < 2; i++) {
      expect(pickEncoding('x-gzip')).toBe('gzip');
      expect(pickEncoding('*')).toBe('gzip');
      expect(pickEncoding('x-gzip;q=0')).toBe(null);
      expect(pickEncoding('deflate')).toBe(null);
    }
  });
});

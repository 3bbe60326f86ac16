import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalUrl, isServerOnlyPath } from './canonical-path.ts';
import { isCachedApiPath } from './offline-cache.ts';

describe('canonicalPath', () => {
  it.each([
    ['/%61pi/v1/checkout/add/', '/api/v1/checkout/add/'],
    ['/%41%50%49/x', '/API/x'],
    ['/api/v1/%7euser/%2d%2E', '/api/v1/~user/-.'],
    ['//api//v1///checkout/', '/api/v1/checkout/'],
    ['/x/../api/v1/', '/api/v1/'],
    ['/api/./v1/./checkout', '/api/v1/checkout'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/../../api', '/api'],
    ['/%2e%2e/api/v1', '/api/v1'],
    ['/api%2fv1', '/api%2Fv1'],
    ['/caf%c3%a9', '/caf%C3%A9'],
    ['/', '/'],
    ['', '/'],
  ])('%s -> %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it('is idempotent', () => {
    for (const raw of ['/%61pi//v1/../x/%2f', '/a/./b/../../c', '/%25%32%46'])
      expect(canonicalPath(canonicalPath(raw))).toBe(canonicalPath(raw));
  });

  it('leaves the query string exactly as sent', () => {
    expect(canonicalUrl('/%61pi/v1/search?query=%61%00&x=/../')).toBe('/api/v1/search?query=%61%00&x=/../');
    expect(canonicalUrl('/api/v1/x?y')).toBe('/api/v1/x?y');
  });
});

describe('the shell and the offline cache decide on the canonical path', () => {
  it.each([
    '/api/v1/checkout/',
    '/%61pi/v1/x',
    '//api/v1/x',
    '/x/../api/v1',
    '/ws/orders/1/',
    '/healthz',
    '/api',
  ])('%s is answered by the server, never the shell', (p) => expect(isServerOnlyPath(p)).toBe(true));
  it.each(['/', '/restaurants', '/API/v1/x', '/apix', '/api%2Fv1', '/myaccount/orders'])(
    '%s is a page',
    (p) => expect(isServerOnlyPath(p)).toBe(false),
  );
  it('caches browsing reads however they are spelled, nothing else', () => {
    expect(isCachedApiPath('/api/v1/restaurant/list/')).toBe(true);
    expect(isCachedApiPath('/%61pi/v1/restaurant/list/')).toBe(true);
    expect(isCachedApiPath('/api/v1/restaurant/../checkout/')).toBe(false);
    expect(isCachedApiPath('/api/v1/checkout/')).toBe(false);
  });
});

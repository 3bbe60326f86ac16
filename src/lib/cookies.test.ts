import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookies } from './cookies.ts';

function countCookieReads() {
  let proto: object | null = Object.getPrototypeOf(document) as object;
  while (proto && !Object.getOwnPropertyDescriptor(proto, 'cookie'))
    proto = Object.getPrototypeOf(proto) as object;
  const descriptor = Object.getOwnPropertyDescriptor(proto!, 'cookie')!;
  const reads = vi.fn();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      reads();
      return descriptor.get!.call(document) as string;
    },
    set(value: string) {
      descriptor.set!.call(document, value);
    },
  });
  return reads;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  for (const name of ['a', 'b']) cookies.remove(name);
});

describe('cookies', () => {
  it('reads document.cookie once however many cookies a task reads, and again in the next task', async () => {
    cookies.set('a', '1');
    cookies.set('b', 'two words');
    const reads = countCookieReads();
    expect([cookies.get('a'), cookies.get('b'), cookies.getJson<number>('a'), cookies.get('c')]).toEqual([
      '1',
      'two words',
      1,
      undefined,
    ]);
    const inOneTask = reads.mock.calls.length;
    expect(inOneTask).toBeGreaterThan(0);
    expect(inOneTask).toBeLessThanOrEqual(2); // js-cookie reads the string twice per parse
    await Promise.resolve();
    cookies.get('a');
    expect(reads.mock.calls.length).toBe(inOneTask * 2);
  });

  it('sees its own writes at once, and a cookie set behind its back from the next task', async () => {
    cookies.set('a', '1');
    expect(cookies.get('a')).toBe('1');
    cookies.set('a', '2');
    expect(cookies.get('a')).toBe('2');
    cookies.remove('a');
    expect(cookies.get('a')).toBeUndefined();
    document.cookie = 'b=from-a-response; path=/';
    await Promise.resolve();
    expect(cookies.get('b')).toBe('from-a-response');
  });
});

// A fetch stand-in for unit tests of components that call the API: each request is recorded (method,
// path, JSON body) in the returned list and answered by the test's `answer`.
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export interface Reply {
  /** 200 unless told. */
  status?: number;
  body: unknown;
}

export function stubApi(answer: (call: ApiCall) => Reply): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://x').pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const r = answer(call);
      return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
    }),
  );
  return calls;
}

// The one HTTP client: same-origin API base, credentials, CSRF header, bearer token, anonymous id,
// JSON in and out, and ApiError carrying the server's {status, message, code, errors}.
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { COOKIES, cookies } from './cookies.ts';
import { appState } from './app-state.ts';

export const API_BASE = (import.meta.env['VITE_API_BASE'] as string | undefined) ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
  get offline(): boolean {
    return this.status === 0;
  }
}

/**
 * What a failed call tells the user (docs/product.md#errors, "first message shown"): the server's first
 * field error when the body lists some, else its message; a thrown Error's own message; else `fallback`.
 */
export function firstMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) {
    const fieldErrors = err.errors ? Object.values(err.errors).flat() : [];
    return fieldErrors[0] ?? err.message;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the successful response (its headers) before the body is read. */
  onResponse?: (res: Response) => void;
}

export async function api<T>(path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const csrf = cookies.get(COOKIES.csrf);
  if (csrf) headers['X-CSRFTOKEN'] = csrf;
  const { access, session_key } = appState.get();
  if (access) headers['Authorization'] = `Bearer ${access}`;
  if (session_key) headers['x-anonymous-id'] = session_key;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'include',
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'You seem to be offline. Check your connection and try again.', 'offline');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    // A page served by the service worker may not have the CSRF cookie yet: the refusal sets it,
    // so one retry goes through.
    if (res.status === 403 && body.code === 'csrf_failed' && !retried) return api<T>(path, opts, true);
    throw new ApiError(res.status, body.message ?? `Request failed (${res.status})`, body.code, body.errors);
  }
  opts.onResponse?.(res);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** The data hooks' loader: the key is the API path. */
export const fetcher = <T>(path: string): Promise<T> => api<T>(path);

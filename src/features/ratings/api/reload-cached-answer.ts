// GET an answer past the browser's cache (cache: 'reload'), so the cached copy is replaced by a new one.
import { API_BASE } from '../../../lib/http.ts';

export function reloadCachedAnswer(path: string): Promise<Response> {
  return fetch(API_BASE + path, { cache: 'reload', credentials: 'include' });
}

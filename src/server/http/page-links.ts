// The next and previous page links of a paged list answer (limit/offset), for every paged API route.
import type { FastifyRequest } from 'fastify';

/** Django-style page links: the same path with the neighbouring offset, or null. */
export function pageLinks(req: FastifyRequest, count: number, limit: number, offset: number) {
  const url = new URL(req.url, 'http://x');
  const at = (o: number) => {
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(o));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    next: offset + limit < count ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
  };
}

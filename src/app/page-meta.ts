// The document title and meta description of the page on screen, from the route table
// (src/shared/routes.ts) and the URL. Pages that know more (a restaurant's name, an order number) set
// document.title themselves once their data is there: this runs in a layout effect, so before their
// effects, and only when the route's own title changes, so it never puts a stale default over theirs;
// nor over the first page's title from the server.
// Descriptions come in their own small chunk on later navigations: the HTML carries the first one.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '../lib/router.tsx';
import { detailFromUrl, pageTitle, type PageDetail, type RouteName } from '../shared/routes.ts';

function setDescription(name: RouteName, detail: PageDetail): Promise<void> {
  return import('../shared/page-descriptions.ts').then(({ pageDescription }) => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = pageDescription(name, detail);
  });
}

/** The title of the app shell the service worker answers every navigation with (index.html's). */
const SHELL_TITLE = pageTitle('index');

export function usePageMeta(name: RouteName): void {
  const { search } = useLocation();
  const query = detailFromUrl(name, search).query;
  const title = pageTitle(name, { query });
  // The server names the first page in its HTML, with what only it knew (a menu's restaurant, a
  // restaurant that does not exist): that title stays, where the route's would flash over it until the
  // page's data came. The service worker's shell carries the home page's title: the route's replaces it.
  const first = useRef(true);
  useLayoutEffect(() => {
    const keepServers = first.current && document.title !== SHELL_TITLE;
    first.current = false;
    if (!keepServers) document.title = title;
  }, [title]);
  // The first page's description came with the HTML (the server names a menu's restaurant in it).
  const firstDescription = useRef(true);
  useEffect(() => {
    if (firstDescription.current) {
      firstDescription.current = false;
      return;
    }
    void setDescription(name, { query }).catch(() => undefined);
  }, [name, query]);
}

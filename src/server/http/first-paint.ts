// Server-rendered first pages (docs/architecture.md#first-paint): loads the renderer the build put beside
// the server (dist/server/first-paint.mjs, bundled from src/app/first-paint.tsx) and fills a shell with
// the page's HTML and the answers it was rendered from. Without the renderer (the API tests run the
// server from source) pages get the plain shell, which the browser renders itself.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { firstPageDataTag, type FirstPageData } from '../../shared/first-page-data.ts';
import type { CachedBody } from './etag.ts';

interface Renderer {
  prepareFirstPaint(): Promise<unknown>;
  rendersFirstPaint(pathname: string): boolean;
  signedInReads(url: string): string[] | null | undefined;
  renderFirstPage(
    url: string,
    cookies: Record<string, string | undefined>,
    data: FirstPageData,
  ): string | null;
}

/** An API answer a public page reads first, as the API route serves it (the same cached bytes). */
export interface CachedAnswer {
  path: string;
  answer: CachedBody;
}

/** A first answer: cached, or as the API answered a signed-in page's read (parsed). */
export type FirstAnswer = CachedAnswer | { path: string; value: unknown };

export interface FirstPaint {
  rendersFirstPaint(pathname: string): boolean;
  /** See signedInReads in src/app/first-paint.tsx. */
  signedInReads(url: string): string[] | null | undefined;
  /** The page's HTML and data block, or null to send the plain shell. */
  render(
    url: string,
    cookies: Record<string, string | undefined>,
    state: Pick<FirstPageData, 'userLocation' | 'signedIn'>,
    answers: FirstAnswer[],
  ): { html: string; dataTag: string } | null;
}

const RENDERER_FILE = 'first-paint.mjs';

export async function loadFirstPaint(log: FastifyBaseLogger): Promise<FirstPaint | undefined> {
  const file = fileURLToPath(new URL(`./${RENDERER_FILE}`, import.meta.url));
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as Renderer;
  await renderer.prepareFirstPaint();
  // A cached body is the same object until its data changes: parse each one once.
  const parsed = new WeakMap<Buffer, unknown>();
  const parse = (body: Buffer) => {
    let value = parsed.get(body);
    if (value === undefined) {
      value = JSON.parse(body.toString('utf8'));
      parsed.set(body, value);
    }
    return value;
  };
  return {
    rendersFirstPaint: (pathname) => renderer.rendersFirstPaint(pathname),
    signedInReads: (url) => renderer.signedInReads(url),
    render(url, cookies, state, answers) {
      const data: FirstPageData = {
        api: Object.fromEntries(answers.map((a) => [a.path, 'value' in a ? a.value : parse(a.answer.body)])),
        ...state,
        renderedAt: Date.now(),
      };
      try {
        const html = renderer.renderFirstPage(url, cookies, data);
        return html === null ? null : { html, dataTag: firstPageDataTag(data) };
      } catch (err) {
        // The browser renders the page itself: a visitor sees it a moment later, never an error.
        log.error({ err, url }, 'first paint failed; sent the plain shell');
        return null;
      }
    },
  };
}

// A server-rendered page paints from its HTML alone, before any of its code arrives: its stylesheets
// come inline in its head, and its scripts are asked for only once its first content is on screen.
// Linked, the stylesheets blocked the paint on requests of their own, and the scripts' downloads took
// most of the slow link meanwhile (the Lighthouse mobile profile painted a menu at 1.6-2.1 s; with
// this head, 0.82-0.91 s). The app still hydrates the same page; hydration starts a frame later.
import { createHash } from 'node:crypto';

/** A shell's head made to paint first, and the sources its inline tags need in the page's policy. */
export interface PaintFirstHead {
  html: string;
  scriptSources: string[];
  styleSources: string[];
  /** Where tags the app reads at start go (a page's data): before this, the tag that loads the app. */
  appLoader: string;
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The script that asks for the entry (and the chunks it imports) once the page's first content is on
 * screen: the browser has reported its first contentful paint and every picture marked high priority
 * (the largest one the server rendered) has arrived and had a frame to show in. Lighthouse's model
 * counts every script fetch that starts before a paint as holding that paint back: started from the
 * frame that painted, before the paint was presented, the app's 60 kB of React moved a menu's
 * simulated paint from about 0.8 s to 1.2-1.8 s. A tap, a key or 3 s without those paints starts the
 * scripts at once (the early-taps script holds the tap), a browser without paint timing starts them a
 * frame after its first, and a hidden tab, which paints nothing, asks for all at once. It ends the
 * body: from the head, a frame painted while the body was still being parsed let the scripts go before
 * the content showed. The order matches the shell's tags: the entry first, then its preloads, one a
 * task, each a dynamic import (a chunk evaluated before the entry needs it is the same module; ES
 * modules run their own imports first). Starting a fetch costs a slow phone 2-5 ms, a dozen in one task
 * blocked a tap for 30 ms, and creating <script> and <link> elements for them cost the first task
 * 12-35 ms more.
 */
export function loadAfterPaint(urls: readonly string[]): string {
  return (
    `(function(u){var i=0,go=0,d=document,t=Date.now(),f=requestAnimationFrame,` +
    `o=typeof PerformanceObserver=='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0;` +
    `function add(){import(u[i++])}` +
    `function next(){add();if(u.length>i)setTimeout(next)}` +
    `function all(){go=1;while(u.length>i)add()}` +
    `function start(){if(!go){go=1;setTimeout(next)}}` +
    `function shown(){return(!o||performance.getEntriesByName('first-contentful-paint').length>0)&&` +
    `[].every.call(d.querySelectorAll('img[fetchpriority=high]'),function(m){return m.complete})}` +
    `function wait(){if(go)return;if(shown()||Date.now()-t>3e3)f(function(){f(start)});else f(wait)}` +
    `if(d.visibilityState==='hidden')return all();` +
    `d.addEventListener('visibilitychange',function(){if(!go&&d.visibilityState==='hidden')all()});` +
    `addEventListener('pointerdown',start,true);addEventListener('keydown',start,true);` +
    `f(wait)})` +
    `(${JSON.stringify(urls)})`
  );
}

/**
 * Rewrites a shell (with its page's tags) to paint first. Each stylesheet becomes a <style> with its
 * text, followed by its <link> marked `disabled`: the browser does not fetch a disabled stylesheet,
 * and Vite's loader, finding the link in place, neither adds it again nor waits for it when the page's
 * chunk asks for its CSS. `readAsset` reads a built file (undefined when missing).
 */
export function paintFirstHead(
  shell: string,
  readAsset: (file: string) => string | undefined,
): PaintFirstHead {
  const styleSources: string[] = [];
  let html = shell.replace(STYLESHEET, (link, file: string) => {
    const css = readAsset(file);
    // A missing file, or text that would end the <style> early, stays linked.
    if (css === undefined || css.includes('</')) return link;
    styleSources.push(hashSource(css));
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
  const urls: string[] = [];
  html = html.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    urls.unshift(src);
    return '';
  });
  html = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
    urls.push(href);
    return '';
  });
  if (urls.length === 0) return { html, scriptSources: [], styleSources, appLoader: '</body>' };
  const loader = loadAfterPaint(urls);
  const appLoader = `<script>${loader}</script>`;
  html = html.replace('</body>', () => `${appLoader}</body>`);
  return { html, scriptSources: [hashSource(loader)], styleSources, appLoader };
}

/** A Content-Security-Policy with more sources for one of its directives (which must be present). */
export function withSources(policy: string, directive: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(
    new RegExp(`(^|;)(\\s*${directive} [^;]*)`),
    (_all, start: string, rule: string) => `${start}${rule} ${sources.join(' ')}`,
  );
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadAfterPaint, paintFirstHead, withSources } from './paint-first.ts';

const SHELL = [
  '<html><head><title>t</title>',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
  '<link rel="stylesheet" crossorigin href="/assets/menu-D.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');
const FILES: Record<string, string> = {
  'assets/index-C.css': 'body{margin:0}',
  'assets/menu-D.css': '.menu{display:grid}',
};
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('paintFirstHead', () => {
  const head = paintFirstHead(SHELL, (file) => FILES[file]!);

  it('puts each stylesheet inline, in order, and keeps its link disabled', () => {
    expect(head.html).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-C.css" disabled>' +
        '<style>.menu{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/menu-D.css" disabled>',
    );
    expect(head.styleSources).toEqual([sha('body{margin:0}'), sha('.menu{display:grid}')]);
  });

  it('takes the scripts out of the head and asks for them from one inline loader', () => {
    expect(head.html).not.toContain('<script type="module"');
    expect(head.html).not.toContain('modulepreload" crossorigin href');
    const loader = loadAfterPaint(['/assets/index-A.js', '/assets/react-B.js']);
    // At the end of the body: asked for once the whole page is painted, after the page's data.
    expect(head.html).toContain(`<script>${loader}</script></body>`);
    expect(head.appLoader).toBe(`<script>${loader}</script>`);
    expect(head.scriptSources).toEqual([sha(loader)]);
  });

  it('keeps linked a stylesheet whose text would close the style element', () => {
    const odd = paintFirstHead(SHELL, (file) =>
      file.includes('menu') ? 'a::after{content:"</style>"}' : '',
    );
    expect(odd.html).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-D.css">');
    expect(odd.styleSources).toHaveLength(1);
  });
});

describe('loadAfterPaint', () => {
  /** Runs the loader against a page whose paints, pictures, clock and events the test moves. */
  function page({ hidden = false, paintTiming = true, pictures = [] as Array<{ complete: boolean }> } = {}) {
    const imported: string[] = [];
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    const listeners = new Map<string, () => void>();
    const paints: string[] = [];
    const doc = {
      visibilityState: hidden ? 'hidden' : 'visible',
      addEventListener: (type: string, f: () => void) => listeners.set(type, f),
      querySelectorAll: (selector: string) => (selector === 'img[fetchpriority=high]' ? pictures : []),
    };
    let now = 1_000;
    const loader = loadAfterPaint(['/e.js', '/p.js']);
    // import() is syntax: the test runs the loader with a recorder in its place.
    expect(loader.match(/\bimport\(/g)).toHaveLength(1);
    new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'load',
      'performance',
      'PerformanceObserver',
      'addEventListener',
      'Date',
      loader.replace('import(', 'load('),
    )(
      doc,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
      (url: string) => imported.push(url),
      { getEntriesByName: (name: string) => paints.filter((p) => p === name) },
      Object.assign(function PerformanceObserver() {}, {
        supportedEntryTypes: paintTiming ? ['paint', 'resource'] : ['resource'],
      }),
      (type: string, f: () => void) => listeners.set(type, f),
      { now: () => now },
    );
    const frame = (n = 1) => {
      for (let k = 0; k < n; k++) frames.splice(0).forEach((f) => f());
    };
    const tasks = () => {
      while (timers.length) timers.shift()!();
    };
    return {
      imported,
      frame,
      tasks,
      timers,
      paint: () => paints.push('first-contentful-paint'),
      later: (ms: number) => (now += ms),
      fire: (type: string) => listeners.get(type)!(),
      doc,
    };
  }

  it('imports the entry, then its chunks one a task, two frames after the first contentful paint', () => {
    const p = page();
    p.frame(5);
    p.tasks();
    expect(p.imported).toEqual([]);
    p.paint();
    p.frame(); // sees the paint
    p.frame(); // a frame for what the paint started
    expect(p.imported).toEqual([]);
    p.frame();
    expect(p.imported).toEqual([]);
    p.timers.shift()!();
    expect(p.imported).toEqual(['/e.js']);
    p.timers.shift()!();
    expect(p.imported).toEqual(['/e.js', '/p.js']);
    expect(p.timers).toEqual([]);
  });

  it('waits for the high-priority pictures to arrive too', () => {
    const picture = { complete: false };
    const p = page({ pictures: [{ complete: true }, picture] });
    p.paint();
    p.frame(6);
    p.tasks();
    expect(p.imported).toEqual([]);
    picture.complete = true;
    p.frame(3);
    p.tasks();
    expect(p.imported).toEqual(['/e.js', '/p.js']);
  });

  it('starts at once on a tap or a key, and after 3 s without the paints', () => {
    for (const type of ['pointerdown', 'keydown']) {
      const p = page();
      p.fire(type);
      p.tasks();
      expect(p.imported, type).toEqual(['/e.js', '/p.js']);
    }
    const p = page({ pictures: [{ complete: false }] });
    p.frame(2);
    p.later(3_001);
    p.frame(3);
    p.tasks();
    expect(p.imported).toEqual(['/e.js', '/p.js']);
  });

  it('starts a frame after the first where the browser has no paint timing', () => {
    const p = page({ paintTiming: false });
    p.frame(3);
    p.tasks();
    expect(p.imported).toEqual(['/e.js', '/p.js']);
  });

  it('asks for all at once in a hidden tab, which paints no frame, or once the tab is hidden', () => {
    expect(page({ hidden: true }).imported).toEqual(['/e.js', '/p.js']);
    const p = page();
    p.frame(2);
    p.doc.visibilityState = 'hidden';
    p.fire('visibilitychange');
    expect(p.imported).toEqual(['/e.js', '/p.js']);
    p.paint();
    p.frame(4);
    p.tasks();
    expect(p.imported).toEqual(['/e.js', '/p.js']);
  });
});

describe('withSources', () => {
  const policy = "default-src 'self';script-src 'self' 'sha256-x';style-src 'self';img-src 'self'";
  it('adds sources to the one directive named', () => {
    expect(withSources(policy, 'style-src', ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';style-src 'self' 'sha256-a' 'sha256-b';img-src 'self'",
    );
    expect(withSources(policy, 'script-src', ["'sha256-y'"])).toContain(
      "script-src 'self' 'sha256-x' 'sha256-y';",
    );
    expect(withSources(policy, 'style-src', [])).toBe(policy);
  });
});

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
  function run(visibility: 'visible' | 'hidden') {
    const imported: string[] = [];
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    const loader = loadAfterPaint(['/e.js', '/p.js']);
    // import() is syntax: the test runs the loader with a recorder in its place.
    expect(loader.match(/\bimport\(/g)).toHaveLength(1);
    new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'load',
      loader.replace('import(', 'load('),
    )(
      { visibilityState: visibility },
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
      (url: string) => imported.push(url),
    );
    return { imported, frames, timers };
  }

  it('imports the entry and then its chunks after the next frame, one a task', () => {
    const { imported, frames, timers } = run('visible');
    expect(imported).toEqual([]);
    frames.shift()!();
    expect(imported).toEqual([]);
    timers.shift()!();
    expect(imported).toEqual(['/e.js']);
    timers.shift()!();
    expect(imported).toEqual(['/e.js', '/p.js']);
    expect(timers).toEqual([]);
  });

  it('asks at once in a hidden tab, which paints no frame', () => {
    expect(run('hidden').imported).toEqual(['/e.js', '/p.js']);
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

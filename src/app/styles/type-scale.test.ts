/// <reference types="node" />
// One type scale: every font size in the app's style sheets is a --type-* token of global.css, every
// weight regular (400) or bold (700). Each further size or weight a page uses is one more font lookup
// before its first paint (docs/benchmarks.md); the layout journey checks what the pages end up with.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands a style sheet imported as `?raw` over empty.
const SRC = path.resolve('src'); // Vitest runs from the repository's root
const sheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css') && !file.endsWith('print-ticket.css'))
  .map((file) => [file, readFileSync(path.join(SRC, file), 'utf8')] as const);
const sources = Object.entries(
  import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** Every value of one property in the style sheets, as `file: value`, where `allowed` says no. */
function offScale(property: string, allowed: (value: string) => boolean): string[] {
  const declaration = new RegExp(`[{;\\s]${property}:\\s*([^;}]+)`, 'g');
  return sheets.flatMap(([file, css]) =>
    [...css.matchAll(declaration)]
      .map((m) => m[1]!.trim())
      .filter((value) => !allowed(value))
      .map((value) => `${file}: ${value}`),
  );
}

// The scale's names, as global.css defines them.
const tokens = new Set(
  [...sheets.find(([file]) => file.endsWith('global.css'))![1].matchAll(/--type-([a-z0-9]+):/g)].map(
    (m) => m[1]!,
  ),
);
const isToken = (value: string) => tokens.has(/^var\(--type-([a-z0-9]+)\)$/.exec(value)?.[1] ?? '');

describe('the type scale', () => {
  it('is the only source of font sizes in the style sheets (the paper ticket measures in points)', () => {
    expect(sheets.length).toBeGreaterThan(20);
    expect(tokens.size).toBeGreaterThan(5);
    expect(offScale('font-size', isToken)).toEqual([]);
  });

  it('is kept by the font shorthand too', () => {
    const onScale = (value: string) =>
      value === 'inherit' || (value.match(/var\(--type-[a-z0-9]+\)/g) ?? []).some(isToken);
    expect(offScale('font', onScale)).toEqual([]);
  });

  it('has two weights, regular and bold', () => {
    expect(offScale('font-weight', (value) => value === '400' || value === '700')).toEqual([]);
  });

  it('is not bypassed by inline styles', () => {
    expect(sources.filter(([, text]) => /font(Size|Weight)\s*:/.test(text)).map(([file]) => file)).toEqual(
      [],
    );
  });
});

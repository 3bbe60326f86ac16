// One type scale: every font size in the app's style sheets is a --type-* token of global.css, every
// weight regular (400) or bold (700). Each further size or weight a page uses is one more font lookup
// before its first paint (docs/benchmarks.md); the layout journey checks what the pages end up with.
import { describe, expect, it } from 'vitest';

const sheets = Object.entries(
  import.meta.glob<string>(['../../**/*.css', '!../../features/kitchen/print-ticket.css'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const sources = Object.entries(
  import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

describe('the type scale', () => {
  it('is the only source of font sizes in the style sheets (the paper ticket measures in points)', () => {
    expect(sheets.length).toBeGreaterThan(20);
    const off = sheets.flatMap(([file, css]) =>
      [...css.matchAll(/font-size:\s*([^;}]+)/g)]
        .map((m) => m[1]!.trim())
        .filter((value) => !/^var\(--type-(xs|sm|md|lg|xl|2xl|3xl|4xl|display)\)$/.test(value))
        .map((value) => `${file}: ${value}`),
    );
    expect(off).toEqual([]);
  });

  it('is kept by the font shorthand too', () => {
    const off = sheets.flatMap(([file, css]) =>
      [...css.matchAll(/[{;\s]font:\s*([^;}]+)/g)]
        .map((m) => m[1]!.trim())
        .filter((value) => value !== 'inherit' && !/var\(--type-[a-z0-9]+\)/.test(value))
        .map((value) => `${file}: ${value}`),
    );
    expect(off).toEqual([]);
  });

  it('has two weights, regular and bold', () => {
    const off = sheets.flatMap(([file, css]) =>
      [...css.matchAll(/font-weight:\s*([^;}]+)/g)]
        .map((m) => m[1]!.trim())
        .filter((value) => value !== '400' && value !== '700')
        .map((value) => `${file}: ${value}`),
    );
    expect(off).toEqual([]);
  });

  it('is not bypassed by inline styles', () => {
    expect(sources.filter(([, text]) => /font(Size|Weight)\s*:/.test(text)).map(([file]) => file)).toEqual(
      [],
    );
  });
});

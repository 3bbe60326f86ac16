// Hostile values for the attack suite: text with NUL, control characters and lone surrogates, numbers
// beyond every integer range, wrong types, deep nesting, very long strings, broken percent-encoding and
// dot segments for paths, odd content types. Values print compactly in fast-check's counterexamples.
import fc from 'fast-check';

/** A string as a short, exact JavaScript expression: long runs become "unit".repeat(n). */
export function compactString(s: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of s.matchAll(/([\s\S]{1,12}?)\1{15,}/g)) {
    if (m.index > last) parts.push(JSON.stringify(s.slice(last, m.index)));
    parts.push(`${JSON.stringify(m[1])}.repeat(${m[0].length / m[1]!.length})`);
    last = m.index + m[0].length;
  }
  if (last < s.length) parts.push(JSON.stringify(s.slice(last)));
  return parts.join(' + ') || '""';
}

/** JSON text sent exactly as written (numbers JSON.stringify cannot produce, deep nesting). */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `Raw(${compactString(this.text)})`;
  }
}

/** A long string, printed as its recipe instead of its 200,000 characters. */
export class Big {
  constructor(
    readonly unit: string,
    readonly count: number,
  ) {}
  get text(): string {
    return this.unit.repeat(this.count);
  }
  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.unit)}.repeat(${this.count})`;
  }
}

export type Json = null | boolean | number | string | Raw | Big | Json[] | { [k: string]: Json };

/** JSON text of a value with Raw and Big pieces (JSON.stringify escapes lone surrogates as \udXXX). */
export function toJsonText(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof Big) return JSON.stringify(v.text);
  if (v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJsonText(x)}`)
      .join(',')}}`;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return JSON.stringify(v);
}

/** The plain text of a value as a query or form field would carry it. */
export function toText(v: unknown): string {
  if (v instanceof Raw || v instanceof Big) return v.text;
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return toJsonText(v);
  return String(v);
}

/** Short hostile pieces spliced into otherwise valid text. */
export const POISON = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\t',
  '\n',
  '\r\n',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\u{10ffff}',
  '😀',
  'e\u0301',
  '%00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../..',
  '\\',
] as const;

/** A hostile piece, NUL and lone surrogates (what PostgreSQL refuses) most often. */
export const hostileStringIn: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udfff', '\udc00\ud800') },
  { weight: 4, arbitrary: fc.constantFrom(...POISON) },
);

const NUMERIC_TEXT = [
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '1' + '0'.repeat(400),
  '-1',
  '0',
  '-0',
  '00000000000000000001',
  '1.5',
  '1e309',
  '-1e309',
  '1e-400',
  'NaN',
  'Infinity',
  '0x10',
  '1_000',
  ' 1 ',
  '+1',
  '١٢٣',
  '１２',
];

const hostileText: fc.Arbitrary<string | Big> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), hostileStringIn, fc.string({ maxLength: 8 }))
      .map((p) => p.join('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\u0000', '\ud800', 'null', 'true', '[]', '{}', 'undefined'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', '\u0000', '\ud800', 'é', '😀', '9'),
        fc.constantFrom(201, 1_001, 10_001, 90_000, 200_000),
      )
      .map(([u, n]) => new Big(u, n)),
  },
);

const hostileNumber: fc.Arbitrary<number | Raw> = fc.oneof(
  fc.constantFrom(
    2 ** 31 - 1,
    2 ** 31,
    2 ** 31 + 1,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 + 2,
    2 ** 63,
    2 ** 64,
    -1,
    0,
    -0,
    0.5,
    1.5,
    -1.5,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.constantFrom(
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('123456789012345678901234567890'),
    new Raw('9223372036854775808'),
    new Raw('1E400'),
    new Raw('-0.0'),
    new Raw('1e-400'),
  ),
  fc.double(),
);

const deep = fc.constantFrom(
  new Raw('['.repeat(1000) + ']'.repeat(1000)),
  new Raw('{"a":'.repeat(1000) + '1' + '}'.repeat(1000)),
  new Raw('['.repeat(5000) + ']'.repeat(5000)),
  new Raw('{"a":'.repeat(20_000) + 'null' + '}'.repeat(20_000)),
);

const wrongType: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  null,
  true,
  false,
  [],
  {},
  [[]],
  [null],
  { a: {} },
  [1, 2, 3],
  '',
);

/** Any hostile JSON value: hostile text and numbers, wrong types, deep nesting, random JSON. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileText as fc.Arbitrary<Json> },
  { weight: 3, arbitrary: hostileNumber as fc.Arbitrary<Json> },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: deep as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) as fc.Arbitrary<Json> },
);

/** A whole request body that is not what any route expects. */
export const hostileBody: fc.Arbitrary<Json> = fc.oneof(
  hostileValue,
  fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 5 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 5 }), hostileValue, { maxKeys: 2 }), { maxLength: 3 }),
);

/** One URL path segment exactly as sent (already percent-encoded or deliberately broken). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%ED%B0%80',
    '%F0%9F%98%80',
    '%C0%AE',
    '%C0%80',
    '%FF',
    '%',
    '%ZZ',
    '%2',
    '%2F',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '..',
    '.',
    '%2E',
    '%5C',
    '%0A',
    '%0D%0A',
    '%7F',
    '%1B',
    '%20',
    '%201',
    '+',
    ';',
    '%3B',
    '%3F',
    '%23',
    '%25',
    '%25%30%30',
    '%u0000',
    '2147483647',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999',
    '-1',
    '0',
    '00',
    '1e309',
    '1.5',
    '0x10',
    '1,2',
    '12.9,77.6,1',
    '1e309,1e309',
    'NaN,NaN',
    '-0,-0',
    'null',
    'undefined',
    '%5B%5D',
    '%7B%7D',
    'a/b',
    '1/../2',
  ),
  fc.constantFrom(1_000, 5_000, 20_000).map((n) => 'a'.repeat(n)),
  fc.constantFrom(500, 3_000).map((n) => '%00'.repeat(n)),
  fc.constantFrom(500, 3_000).map((n) => '%ED%A0%80'.repeat(n)),
  fc.string({ maxLength: 12, unit: 'binary' }).map(encodeURIComponent),
  hostileText.map((t) => encodeSegment(typeof t === 'string' ? t : t.text.slice(0, 20_000))),
);

/** Percent-encodes a segment like a browser would, keeping lone surrogates as their UTF-8 bytes. */
export function encodeSegment(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      // encodeURIComponent throws on a lone surrogate: send its (invalid) three UTF-8 bytes.
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A raw query string (without '?') that is broken or odd on its own. */
export const hostileQueryText: fc.Arbitrary<string> = fc.constantFrom(
  '%00=%00',
  '%ZZ=1',
  '&&&',
  '=',
  '==',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__[x]=1',
  'constructor=1',
  '%ED%A0%80=%ED%A0%80',
  'x=' + 'a'.repeat(8_000),
  'x=1&x=2&x=3',
  ';',
  '?',
  '#',
);

/** Content types to send a body with (undefined: no content-type header at all). */
export const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'multipart/form-data',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/JSON',
      'application/problem+json',
      'application/xml',
      '*/*',
      'application/octet-stream',
      ';;;',
      'application/json; boundary=%00',
    ),
  },
);

/** Header values a real client could send (visible ASCII, space, tab, Latin-1), some hostile. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t',
    '%00',
    'null',
    '0',
    '-1',
    '2147483648',
    'a'.repeat(300),
    'A'.repeat(64),
    'a'.repeat(4_000),
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    'Bearer ' + 'e'.repeat(2_000),
    'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
    'éü\u00ff',
    '../../',
    "' or 1=1 --",
    'W/"x"',
    '*',
  ),
  fc.string({ maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e\t]/g, '')),
);

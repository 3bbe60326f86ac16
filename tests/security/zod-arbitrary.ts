// fast-check arbitraries from zod schemas: near-valid values (what a schema accepts, with real ids and
// codes from the seeded database mixed in by field name) and hostile variants of them. Only the zod 4
// definition types the contract uses are read; anything unknown falls back to any JSON value.
import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue, hostileStringIn, Raw, type Json } from './hostile.ts';

/** Known-good values by field or path-parameter name (ids, codes, numbers from the seed). */
export type Pools = Record<string, readonly unknown[]>;

type Def = { type: string; [k: string]: unknown };
type CheckDef = { check: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): CheckDef[] =>
  ((d['checks'] as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

const SAFE = Number.MAX_SAFE_INTEGER;

function stringArb(d: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined;
  let format: string | undefined;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') min = Number(c['minimum']);
    if (c.check === 'max_length') max = Number(c['maximum']);
    if (c.check === 'length_equals') min = max = Number(c['length']);
    if (c.check === 'string_format') {
      if (c['format'] === 'regex') pattern = c['pattern'] as RegExp;
      else format = String(c['format']);
    }
  }
  if (typeof d['format'] === 'string') format = d['format'];
  if (pattern) return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[giy]/g, '')));
  if (format === 'email') return fc.emailAddress();
  if (format === 'url') return fc.webUrl();
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  const hi = Math.min(max, min + 40);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: hi }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: hi, unit: 'grapheme' }) },
    // The length boundaries: exactly the maximum, and one past it.
    {
      weight: 1,
      arbitrary: fc.constantFrom('x'.repeat(Math.min(max, 5000)), 'x'.repeat(Math.min(max + 1, 5001))),
    },
  );
}

function numberArb(d: Def): fc.Arbitrary<number | string> {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'greater_than') min = Number(c['value']) + (c['inclusive'] ? 0 : 1e-9);
    if (c.check === 'less_than') max = Number(c['value']) - (c['inclusive'] ? 0 : 1e-9);
    if (c.check === 'number_format') int = c['format'] !== 'float32' && c['format'] !== 'float64';
  }
  const lo = Math.max(min, -SAFE);
  const hi = Math.min(max, SAFE);
  const base: fc.Arbitrary<number> = int
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(...[lo, hi, lo - 1, hi + 1, 0].filter(Number.isFinite));
  const n = fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: edges });
  return d['coerce'] ? fc.oneof(n, n.map(String)) : n;
}

/** A value the schema (most likely) accepts; `pools` supplies real ids by field name. */
export function validArb(schema: z.ZodType, pools: Pools, key?: string, depth = 0): fc.Arbitrary<unknown> {
  const pooled = key !== undefined ? pools[key] : undefined;
  const own = schemaArb(schema, pools, depth);
  if (!pooled?.length) return own;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pooled) }, { weight: 1, arbitrary: own });
}

function schemaArb(schema: z.ZodType, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const inner = (k: string) => d[k] as z.ZodType;
  if (depth > 8) return fc.constant(null);
  switch (d.type) {
    case 'string':
      return stringArb(d);
    case 'number':
      return numberArb(d);
    case 'int':
      return numberArb(d);
    case 'boolean':
      return d['coerce'] ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false')) : fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d['entries'] as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(d['values'] as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'union':
      return fc.oneof(...(d['options'] as z.ZodType[]).map((o) => schemaArb(o, pools, depth)));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: schemaArb(inner('innerType'), pools, depth) },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 3, arbitrary: schemaArb(inner('innerType'), pools, depth) },
      );
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return schemaArb(inner('innerType'), pools, depth);
    case 'lazy':
      return schemaArb((d['getter'] as () => z.ZodType)(), pools, depth + 1);
    case 'pipe': {
      // Generate what goes in; when the output is a plain string rule (e.g. a normalised phone
      // number) its own values are valid inputs too.
      const input = inner('in');
      const output = inner('out');
      const outType = defOf(output).type;
      const inType = defOf(input).type;
      if (outType === inType && outType !== 'transform') {
        return fc.oneof(schemaArb(input, pools, depth), schemaArb(output, pools, depth));
      }
      return schemaArb(input, pools, depth);
    }
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'object': {
      const shape = d['shape'] as Record<string, z.ZodType>;
      const entries = Object.entries(shape).map(
        ([k, s]) => [k, validArb(s, pools, k, depth + 1)] as [string, fc.Arbitrary<unknown>],
      );
      return fc.record(Object.fromEntries(entries)).map((o) => dropUndefined(o as Record<string, unknown>));
    }
    case 'array': {
      let max = 3;
      let min = 0;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') min = Number(c['minimum']);
        if (c.check === 'max_length') max = Math.min(max, Number(c['maximum']));
      }
      return fc.array(schemaArb(inner('element'), pools, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, max),
      });
    }
    case 'tuple':
      return fc.tuple(...(d['items'] as z.ZodType[]).map((i) => schemaArb(i, pools, depth + 1)));
    case 'record':
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        schemaArb(inner('valueType'), pools, depth + 1),
        { maxKeys: 3 },
      );
    case 'intersection':
      return fc
        .tuple(schemaArb(inner('left'), pools, depth), schemaArb(inner('right'), pools, depth))
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
    default:
      // unknown, any, custom and anything newer: any small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Raw);

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** Paths to every string inside `v` (object keys and list indexes). */
function stringPaths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]));
  if (isPlainObject(v)) return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}

/** A copy of `v` with the value at `path` replaced by `f(old)`. */
function updateAt(v: unknown, path: (string | number)[], f: (old: unknown) => unknown): unknown {
  if (!path.length) return f(v);
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? updateAt(x, rest, f) : x));
  if (isPlainObject(v)) return { ...v, [head!]: updateAt(v[head as string], rest, f) };
  return v;
}

const splice = (s: string, piece: string, at: number) => {
  const i = at % (s.length + 1);
  return s.slice(0, i) + piece + s.slice(i);
};

/**
 * Hostile variants of a near-valid value, mostly one change at a time so the rest still passes and
 * the hostile part reaches as deep as it can: one field replaced by a hostile value, hostile text
 * spliced into one string (or into every string), a required field dropped, unknown fields added, or
 * the whole value replaced.
 */
export function hostileArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Json> {
  const oneField = fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, h]) => {
    if (!isPlainObject(v)) return h;
    const keys = Object.keys(v);
    if (!keys.length) return { ...v, extra: h } as Json;
    return { ...v, [keys[i % keys.length]!]: h } as Json;
  });
  const oneString = fc.tuple(valid, fc.nat(), hostileStringIn, fc.nat()).map(([v, i, p, at]) => {
    const paths = stringPaths(v);
    if (!paths.length) return v as Json;
    return updateAt(v, paths[i % paths.length]!, (old) => splice(old as string, p, at)) as Json;
  });
  const everyString = fc.tuple(valid, hostileStringIn, fc.nat()).map(([v, p, at]) => {
    let out = v;
    for (const path of stringPaths(v)) out = updateAt(out, path, (old) => splice(old as string, p, at));
    return out as Json;
  });
  const dropped = fc.tuple(valid, fc.nat()).map(([v, i]) => {
    if (!isPlainObject(v)) return null;
    const keys = Object.keys(v);
    if (!keys.length) return v as Json;
    const copy = { ...v };
    delete copy[keys[i % keys.length]!];
    return copy as Json;
  });
  const unknownFields = fc
    .tuple(
      valid,
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'role', 'user_id', 'price', 'is_admin', 'x'),
        hostileValue,
        { maxKeys: 3 },
      ),
    )
    .map(([v, extra]) => (isPlainObject(v) ? ({ ...v, ...extra } as Json) : (extra as Json)));
  return fc.oneof(
    { weight: 5, arbitrary: oneField },
    { weight: 5, arbitrary: oneString },
    { weight: 1, arbitrary: everyString },
    { weight: 1, arbitrary: dropped },
    { weight: 1, arbitrary: unknownFields },
    { weight: 1, arbitrary: hostileValue },
  );
}

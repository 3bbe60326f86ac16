// The building blocks every request schema is made of, so hostile input stops at the contract with a
// clear 400 instead of reaching the database: text that PostgreSQL cannot store (NUL, other control
// characters, lone UTF-16 surrogates) and numbers beyond its integer range are refused here, once.
// Every string a route reads (body, query, path, hand-read header) goes through `text`/`textCheck`,
// every id through `idSchema`/`idParamSchema`, every other number through `boundedNumber`.
import { z } from './zod.ts';

/** PostgreSQL `integer` (int4) upper bound: the largest id any table can hold. */
export const INT4_MAX = 2_147_483_647;

/** C0 control characters and DEL; single-line text refuses all of them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, minus tab, line feed and carriage return (allowed where a field is multi-line). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRules {
  /** Allow tab, line feed and carriage return (other control characters stay refused). */
  multiline?: boolean;
}

/** Why `value` is not storable text (a sentence naming `label`), or undefined when it is fine. */
export function textProblem(value: string, label: string, rules: TextRules = {}): string | undefined {
  if (value.includes('\u0000')) return `${label} must not contain NUL (\\0) characters.`;
  if ((rules.multiline ? CONTROL_MULTILINE : CONTROL).test(value)) {
    return rules.multiline
      ? `${label} must not contain control characters.`
      : `${label} must be a single line without control characters.`;
  }
  if (LONE_SURROGATE.test(value)) return `${label} is not valid Unicode text (it has a lone surrogate).`;
  return undefined;
}

/** Adds the storable-text rule to any string schema (keeps its own messages for everything else). */
export function textCheck<T extends z.ZodString>(schema: T, label: string, rules: TextRules = {}): T {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, label, rules);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }) as T;
}

export interface TextOptions extends TextRules {
  /** Field name as the messages show it: "Name", "Coupon code", "query". */
  label: string;
  /** Most characters accepted (after trimming). */
  max: number;
  /** Fewest characters (after trimming); default 0. */
  min?: number;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
  /** Message for a missing value, a non-string, and one shorter than `min`. */
  required?: string;
  /** Message for one longer than `max`. */
  tooLong?: string;
}

/** A bounded, storable text field: the one way a request schema accepts a string. */
export function text(o: TextOptions): z.ZodString {
  const required = o.required ?? `${o.label} must be text.`;
  let s = z.string({ error: required });
  if (o.trim ?? true) s = s.trim();
  if (o.min) s = s.min(o.min, o.required ?? `${o.label} must be at least ${o.min} characters.`);
  s = s.max(o.max, o.tooLong ?? `${o.label} must be at most ${o.max} characters.`);
  return textCheck(s, o.label, o);
}

/** The message of an id that is not a whole number in the database's range. */
export const idMessage = (label: string): string =>
  `${label} must be a whole number between 1 and ${INT4_MAX}.`;

/** An id in a JSON body or query: a number (or numeric text) from 1 to INT4_MAX. */
export function idSchema(label: string, message = idMessage(label)) {
  return z.coerce
    .number<number | string>({ error: message })
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);
}

/** An id in a URL path segment: 1-10 ASCII digits whose value fits the database's range. */
export function idParamSchema(label: string, message = idMessage(label)) {
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(INT4_MAX, message));
}

/** A number that is not an id (coordinates, minutes, quantities): finite and within [min, max]. */
export function boundedNumber(label: string, min: number, max: number, message?: string) {
  const m = message ?? `${label} must be a number between ${min} and ${max}.`;
  return z.number({ error: m }).min(min, m).max(max, m);
}

/** The same from query text ("12.93"): coerced, finite and within [min, max]. */
export function boundedNumberQuery(label: string, min: number, max: number, message?: string) {
  const m = message ?? `${label} must be a number between ${min} and ${max}.`;
  return z.coerce.number<number | string>({ error: m }).min(min, m).max(max, m);
}

export interface JsonRules {
  /** Deepest nesting accepted (an object or list inside another counts one level). */
  maxDepth: number;
  /** Most characters of its JSON text. */
  maxLength: number;
}

/** Why a free-form JSON value (kept as jsonb) cannot be stored, or undefined when it is fine. */
export function jsonProblem(value: unknown, label: string, rules: JsonRules): string | undefined {
  const walk = (v: unknown, depth: number): string | undefined => {
    if (typeof v === 'string') return textProblem(v, label, { multiline: true });
    if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${label} has a number out of range.`;
    if (v === null || typeof v === 'boolean') return undefined;
    if (typeof v !== 'object') return `${label} must be plain JSON.`;
    if (depth >= rules.maxDepth) return `${label} is nested too deeply.`;
    for (const [k, item] of Object.entries(v)) {
      const problem = (Array.isArray(v) ? undefined : textProblem(k, label)) ?? walk(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  return (
    walk(value, 0) ?? (JSON.stringify(value).length > rules.maxLength ? `${label} is too large.` : undefined)
  );
}

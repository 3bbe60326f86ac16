// Which restaurants a search could match, read from the in-memory catalogue, with a bound on each
// one's score, so that the database scores a short list instead of every restaurant (issue 17).
//
// Exactness: the database still decides. It scores the short list with the same SQL, filters and
// order as ever (queries.ts, searchRestaurants), so the answer is the same rows, order and scores as
// scoring every restaurant, provided (1) every restaurant the SQL could match is on the list, and
// (2) the list is cut only where no restaurant after the cut can outrank the last one kept. For (1)
// this file mimics pg_trgm and the full-text parser only where they are plain to foresee (ASCII
// text, lower-cased by ASCII rules, which the database is asked to confirm once: TRIGRAM_PROBE) and
// gives up otherwise: a name with other characters is always on the list, a query with them (or
// with digits) is not shortened at all. For (2) each bound is the float8 score the SQL would compute
// at the highest word similarity pg_trgm can find (scoreAt), so it is compared without tolerance.
// tests/api/discovery-search-scale.test.ts checks both against scoring every restaurant.
import type { RestaurantHit, SearchTerms, Shortlist } from './queries.ts';

/** What the matcher reads of a catalogue restaurant. */
export interface MatchableRestaurant {
  id: number;
  name: string;
  cuisines: readonly string[];
  rating: number;
}

/** The restaurants and cuisines a query's spelling keys match (service.ts, spelled). */
export interface Spelled {
  restaurantIds: readonly number[];
  cuisines: readonly string[];
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A trigram of ASCII characters as a number (7 bits a character). */
const code = (s: string, i: number) =>
  (s.charCodeAt(i) << 14) | (s.charCodeAt(i + 1) << 7) | s.charCodeAt(i + 2);
const text3 = (c: number) => String.fromCharCode(c >> 14, (c >> 7) & 0x7f, c & 0x7f);

function trigramsIn(padded: string, into: number[]): void {
  for (let i = 0; i + 3 <= padded.length; i++) into.push(code(padded, i));
}

/**
 * The trigrams pg_trgm makes of an ASCII text, in order with repeats (as word_similarity walks
 * them): each word of letters and digits in lower case, padded with two spaces before and one after.
 * Undefined for any other text.
 */
export function trigramSequence(text: string): number[] | undefined {
  if (!isAscii(text)) return undefined;
  const out: number[] = [];
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) if (word) trigramsIn(`  ${word} `, out);
  return out;
}

/** The distinct trigrams of an ASCII text as show_trgm lists them (sorted), or undefined. */
export function trigramsOf(text: string): string[] | undefined {
  const sequence = trigramSequence(text);
  return sequence && [...new Set(sequence)].map(text3).sort();
}

/**
 * The words of a prefix tsquery ("pan:* & tik:*", service.ts toPrefixTsquery), when each is ASCII
 * letters only: the full-text parser keeps such a word whole (one with digits it may split, as
 * "1e5abc" into "1e5" and "abc"). Undefined otherwise; [] for no query.
 */
function plainWords(tsquery: string): string[] | undefined {
  if (tsquery === '') return [];
  const words: string[] = [];
  for (const term of tsquery.split(' & ')) {
    const word = /^([a-z]+):\*$/.exec(term)?.[1];
    if (word === undefined) return undefined;
    words.push(word);
  }
  return words;
}

/** A text probed once against the database: every printable ASCII character, in both cases. */
export const TRIGRAM_PROBE = Array.from({ length: 0x7f - 0x20 }, (_, i) =>
  String.fromCharCode(0x20 + i),
).join('');

/** Whether the database makes the same trigrams and lower case of TRIGRAM_PROBE as this file (locale). */
export function agreesWithProbe(probe: { trigrams: readonly string[]; lower: string }): boolean {
  const ours = trigramsOf(TRIGRAM_PROBE)!;
  const theirs = [...probe.trigrams].sort();
  return (
    probe.lower === TRIGRAM_PROBE.toLowerCase() &&
    ours.length === theirs.length &&
    ours.every((t, i) => t === theirs[i])
  );
}

/** A name (restaurant or cuisine) as the matcher knows it. */
interface Known {
  /** Its distinct trigrams, ascending; undefined when the name is not ASCII (it may match anything). */
  trigrams: Int32Array | undefined;
  /** Its trigrams in order, as indices into `trigrams`. */
  walk: Uint16Array;
  /** The name in lower case. */
  lower: string;
  /**
   * ASCII without digits: the full-text parser starts each of its words where a run of letters
   * starts (with digits it may not: "1e5abc" gives "1e5" and "abc").
   */
  plain: boolean;
}

function indexIn(sorted: Int32Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === t ? lo : -1;
}

function known(name: string): Known {
  const sequence = trigramSequence(name);
  const trigrams = sequence && Int32Array.from(new Set(sequence)).sort();
  return {
    trigrams,
    walk: Uint16Array.from(sequence ?? [], (t) => indexIn(trigrams!, t)),
    lower: name.toLowerCase(),
    plain: sequence !== undefined && !/[0-9]/.test(name),
  };
}

/** A fraction [numerator, denominator]. */
type Ratio = readonly [number, number];

/** One query: which names may match it, and how similar a name can be to it. */
class QueryView {
  readonly trigrams: Set<number>;
  /** Trigrams that a name must hold to match the full-text prefix query, one list per word. */
  readonly leading: number[][];

  constructor(
    sequence: number[],
    private readonly words: readonly string[],
    private readonly threshold: number,
  ) {
    this.trigrams = new Set(sequence);
    this.leading = words.map((w) => {
      const out: number[] = [];
      trigramsIn(`  ${w}`, out);
      return out;
    });
  }

  /**
   * Whether the name may match the full-text query (to_tsvector('simple', name) @@ the tsquery):
   * each word must start a word of the name, or at least (digits) be part of its text.
   */
  mayBeTyped(k: Known): boolean {
    if (this.words.length === 0) return false;
    if (!k.trigrams) return true;
    if (!k.plain) return this.words.every((w) => k.lower.includes(w));
    return this.leading.every((w) => w.every((t) => indexIn(k.trigrams!, t) >= 0));
  }

  /**
   * Whether `$1 <% name` may hold for a name whose similarity is at most `bound` (pg_trgm compares
   * its float4 similarity with the threshold).
   */
  mayBeSimilar([shared, d]: Ratio): boolean {
    return Math.fround(shared / d) >= this.threshold;
  }

  /**
   * The largest word similarity pg_trgm can find between the query and the name. pg_trgm's is that
   * of one run of the name's trigrams: the query's trigrams in it / (the query's trigrams + the run's
   * other trigrams), distinct ones counted. The best run starts and ends at a trigram of the query.
   */
  similarityBound(k: Known): Ratio {
    const trigrams = k.trigrams;
    if (!trigrams) return [1, 1];
    const u = this.trigrams.size;
    const found = new Uint8Array(trigrams.length);
    let shared = 0;
    for (let i = 0; i < trigrams.length; i++) {
      if (this.trigrams.has(trigrams[i]!)) {
        found[i] = 1;
        shared++;
      }
    }
    if (shared === 0) return [0, 1];
    const walk = k.walk;
    const seen = new Int32Array(trigrams.length).fill(-1);
    let best: Ratio = [0, 1];
    for (let start = 0; start < walk.length && best[0] < best[1]; start++) {
      if (!found[walk[start]!]) continue;
      let distinct = 0;
      let inRun = 0;
      for (let end = start; end < walk.length; end++) {
        const t = walk[end]!;
        if (seen[t] !== start) {
          seen[t] = start;
          distinct++;
          inRun += found[t]!;
        }
        const d = u + distinct - inRun;
        if (found[t] && inRun * best[1] > best[0] * d) best = [inRun, d];
      }
    }
    return best;
  }
}

/** A restaurant on a short list, with the bound of its score. */
interface Candidate {
  id: number;
  rating: number;
  /** Its name's index; `refined` once its bound is the tight one (QueryView.similarityBound). */
  name: number;
  refined: boolean;
  byCuisine: boolean;
  byName: boolean;
  /** The highest score the database can give it (scoreAt). */
  bound: number;
}

/**
 * The score searchRestaurants computes, bit for bit, for a word similarity of shared/d (pg_trgm
 * divides in float4: Math.fround of the quotient is the same number) and the two other parts: the
 * SQL adds, in float8 and in this order, similarity·1.2, 0.6 for a cuisine, 1.0 for the name. It
 * never falls as a part grows, so at a bound of each part it bounds the database's score exactly.
 */
function scoreAt([shared, d]: Ratio, byCuisine: boolean, byName: boolean): number {
  return Math.fround(shared / d) * 1.2 + (byCuisine ? 0.6 : 0) + (byName ? 1 : 0);
}

/** Whether a comes first in the database's order (score desc, rating desc, id), by bound. */
const before = (a: Candidate, b: Candidate) =>
  a.bound > b.bound ||
  (a.bound === b.bound && (a.rating > b.rating || (a.rating === b.rating && a.id < b.id)));

/** The restaurants' names of one snapshot, indexed by trigram; reused while no name changes. */
class NameIndex {
  readonly names: Array<Known & { restaurants: number[] }> = [];
  /** Name indices by trigram (ASCII names). */
  readonly byTrigram = new Map<number, number[]>();
  /** Names that are not ASCII: on every list. */
  readonly opaque: number[] = [];
  /** ASCII names with digits: they may match as typed without sharing a trigram (see Known). */
  readonly unplain: number[] = [];
  /** Name index of each restaurant. */
  readonly nameOf: number[] = [];
  readonly indexOf = new Map<number, number>();

  constructor(
    readonly restaurants: ReadonlyArray<Pick<MatchableRestaurant, 'id' | 'name'>>,
    knownName: (name: string) => Known,
  ) {
    const nameIndex = new Map<string, number>();
    for (const [i, r] of restaurants.entries()) {
      this.indexOf.set(r.id, i);
      let n = nameIndex.get(r.name);
      if (n === undefined) {
        n = this.names.length;
        nameIndex.set(r.name, n);
        const k = knownName(r.name);
        this.names.push({ ...k, restaurants: [] });
        if (!k.trigrams) this.opaque.push(n);
        else if (!k.plain) this.unplain.push(n);
        for (const t of k.trigrams ?? []) {
          const list = this.byTrigram.get(t);
          if (list) list.push(n);
          else this.byTrigram.set(t, [n]);
        }
      }
      this.names[n]!.restaurants.push(i);
      this.nameOf.push(n);
    }
  }

  /** Whether these are the same restaurants with the same names, in the same order. */
  fits(restaurants: ReadonlyArray<Pick<MatchableRestaurant, 'id' | 'name'>>): boolean {
    return (
      restaurants.length === this.restaurants.length &&
      restaurants.every((r, i) => r.id === this.restaurants[i]!.id && r.name === this.restaurants[i]!.name)
    );
  }

  postings(t: number): readonly number[] {
    return this.byTrigram.get(t) ?? [];
  }
}

/**
 * The restaurants of one catalogue snapshot, found by the trigrams of their names. Built once per
 * snapshot (service.ts); the name index and what is known of each name carry over from `previous`.
 */
export class RestaurantMatcher {
  private readonly known: Map<string, Known>;
  private readonly index: NameIndex;
  private readonly cuisines: Array<Known & { name: string; restaurants: number[] }>;

  constructor(
    private readonly restaurants: readonly MatchableRestaurant[],
    cuisines: readonly string[],
    private readonly threshold: number,
    previous?: RestaurantMatcher,
  ) {
    const reuse = previous?.index.fits(restaurants) ? previous : undefined;
    this.known = reuse?.known ?? new Map();
    const knownName = (name: string) => {
      let k = this.known.get(name);
      if (!k) this.known.set(name, (k = previous?.known.get(name) ?? known(name)));
      return k;
    };
    this.index = reuse?.index ?? new NameIndex(restaurants, knownName);
    const byCuisine = new Map<string, number[]>(cuisines.map((c) => [c, []]));
    for (const [i, r] of restaurants.entries()) for (const c of r.cuisines) byCuisine.get(c)?.push(i);
    this.cuisines = cuisines.map((name) => ({ name, ...knownName(name), restaurants: byCuisine.get(name)! }));
  }

  /**
   * The short list for a query (searchRestaurants' `cuisines` must be this snapshot's), or undefined
   * when the query cannot be foreseen (not ASCII, or digits in a word): then every restaurant is scored.
   */
  shortlist(terms: SearchTerms, spelled: Spelled, limit: number): Shortlist | undefined {
    const sequence = trigramSequence(terms.text);
    const words = plainWords(terms.tsquery);
    if (!sequence || !words) return undefined;
    const q = new QueryView(sequence, words, this.threshold);
    const { names, opaque, unplain, nameOf, indexOf } = this.index;
    const u = q.trigrams.size;

    // How many of the query's trigrams each name holds: a name that shares none cannot match by
    // trigrams, nor as typed (a word's first trigram, "  w", is the query's).
    const shared = new Uint16Array(names.length);
    const touched: number[] = [];
    for (const t of q.trigrams) {
      for (const n of this.index.postings(t)) {
        if (shared[n] === 0) touched.push(n);
        shared[n] = shared[n]! + 1;
      }
    }
    const picked = new Set<number>();
    const pickName = (n: number) => {
      for (const i of names[n]!.restaurants) picked.add(i);
    };
    for (const n of touched) if (q.mayBeTyped(names[n]!) || q.mayBeSimilar([shared[n]!, u])) pickName(n);
    for (const n of opaque) pickName(n);
    for (const n of unplain) if (q.mayBeTyped(names[n]!)) pickName(n);

    const spelledCuisines = new Set(spelled.cuisines);
    const cuisineMay = new Set<string>();
    for (const c of this.cuisines) {
      if (spelledCuisines.has(c.name) || q.mayBeTyped(c) || q.mayBeSimilar(q.similarityBound(c))) {
        cuisineMay.add(c.name);
        for (const i of c.restaurants) picked.add(i);
      }
    }
    const spelledIds = new Set(spelled.restaurantIds);
    for (const id of spelledIds) {
      const i = indexOf.get(id);
      if (i !== undefined) picked.add(i);
    }

    // First bounds from the shared count; the tight one only for those that reach the top.
    const tight = new Map<number, Ratio>();
    const refine = (c: Candidate) => {
      let b = tight.get(c.name);
      if (!b) tight.set(c.name, (b = q.similarityBound(names[c.name]!)));
      c.bound = scoreAt(b, c.byCuisine, c.byName);
      c.refined = true;
    };
    const candidates = [...picked].map((i): Candidate => {
      const r = this.restaurants[i]!;
      const n = nameOf[i]!;
      const k = names[n]!;
      const byCuisine = r.cuisines.some((x) => cuisineMay.has(x));
      const byName = q.mayBeTyped(k) || spelledIds.has(r.id);
      const cheap: Ratio = !k.trigrams ? [1, 1] : shared[n] === 0 ? [0, 1] : [shared[n]!, u];
      const bound = scoreAt(cheap, byCuisine, byName);
      return {
        id: r.id,
        rating: r.rating,
        name: n,
        refined: cheap[0] === 0 || cheap[0] === cheap[1],
        byCuisine,
        byName,
        bound,
      };
    });
    return new BoundedList(candidates, refine, limit);
  }
}

/**
 * A short list in the database's order by bound, scored in growing prefixes until the rest cannot
 * matter. Its order is found as it is read (a heap): a candidate's bound is made tight only when it
 * reaches the top, and it stays there only if it still beats the rest.
 */
class BoundedList implements Shortlist {
  readonly size: number;
  readonly rounds: number[];
  /** The candidates in order so far. */
  private readonly ordered: Candidate[] = [];
  private readonly ratings = new Map<number, number>();

  constructor(
    /** A heap of the candidates not yet ordered (`before` at the top). */
    private readonly heap: Candidate[],
    private readonly refine: (c: Candidate) => void,
    private readonly limit: number,
  ) {
    this.size = heap.length;
    for (const c of heap) this.ratings.set(c.id, c.rating);
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
    // A round costs about as much as scoring 80 more restaurants (planning and a round trip, PGlite).
    const rounds: number[] = [];
    for (let k = 2 * limit + 8; k < this.size; k *= 8) if (k + 80 < this.size) rounds.push(k);
    rounds.push(this.size);
    this.rounds = rounds;
  }

  private siftDown(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < h.length && before(h[l]!, h[top]!)) top = l;
      if (r < h.length && before(h[r]!, h[top]!)) top = r;
      if (top === i) return;
      [h[i], h[top]] = [h[top]!, h[i]!];
      i = top;
    }
  }

  /** Orders candidates until there are k (or none is left). */
  private order(k: number): void {
    const h = this.heap;
    while (this.ordered.length < k && h.length > 0) {
      const top = h[0]!;
      if (!top.refined) this.refine(top);
      else {
        this.ordered.push(top);
        const lastOne = h.pop()!;
        if (h.length === 0) break;
        h[0] = lastOne;
      }
      this.siftDown(0);
    }
  }

  first(k: number): number[] {
    this.order(k);
    return this.ordered.slice(0, k).map((c) => c.id);
  }

  /**
   * Whether the best `limit` of the first k candidates (hits, as the database ranked them) are the
   * best of all: the last of them outranks the best bound after k (the rest's are no higher, and
   * among equal ones their rating and id come later, as the database breaks ties).
   */
  settles(hits: readonly RestaurantHit[], k: number): boolean {
    if (k >= this.size) return true;
    if (hits.length < this.limit) return false;
    this.order(k + 1);
    const last = hits[this.limit - 1]!;
    const next = this.ordered[k]!;
    if (last.score !== next.bound) return last.score > next.bound;
    const rating = this.ratings.get(last.id)!;
    return rating > next.rating || (rating === next.rating && last.id < next.id);
  }
}

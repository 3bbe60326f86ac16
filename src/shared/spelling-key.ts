// One spelling key per word for the many ways Indian dish names are written in Latin letters
// (paneer/panner/panir, biryani/biriyani/briyani, dosa/dosai), shared by the server's search and
// the menu's search box. Pure, no dependencies: the same text gives the same key everywhere.
//
// How a word becomes its key (docs/decisions/0006-spelling-keys.md):
//  1. lower case, accents dropped, letters and digits only;
//  2. sounds written several ways become one letter: ph -> f, sh -> s, ch/chh -> c, c/ck/q -> k,
//     x -> ks, z -> j, w -> v, ee -> i, oo -> u; an aspirate's h goes (kh, gh, th, dh, bh, jh...),
//     as does an h before a consonant or at the end (dahl -> dal); y is a vowel except first;
//  3. doubled letters become one (panner -> paner, tikka -> tika);
//  4. long words (3+ consonants) keep their consonants, a leading vowel and the class of the
//     final vowel (a, e, i or u), dropping the vowels inside: paneer, panner, panir -> "pnr";
//     biryani, biriyani, briyani -> "brni"; masala, masaala -> "msla"; tikka and tikki stay apart;
//  5. short words (at most 2 consonants) keep every vowel as its class (a; e/i -> i; o/u -> u),
//     since their consonants alone say too little: naan -> "nan" but non -> "nun", chaat and chat
//     -> "cat" but chai -> "cai", dosa and dosai -> "dusa".
// Changing any rule changes keys stored in the database: bump SPELLING_KEY_VERSION with it.

/** Version of the rules below; stored next to each key so that old keys are recomputed. */
export const SPELLING_KEY_VERSION = 1;

const VOWELS = 'aeiou';
const isVowel = (ch: string) => VOWELS.includes(ch);

/** Lower case, accents dropped, words of letters and digits. */
export function spellingWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '') // Latin accents only: other scripts' vowel signs are letters' parts
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Class of a vowel run at the end of a word: a, e, i or u. */
function finalClass(run: string): string {
  if (run === 'ai') return 'a'; // dosai, vadai: Tamil endings of dosa, vada
  if (run === 'ie') return 'i'; // frankie / franky
  if (run.length > 1 && run.endsWith('i') && run.includes('e')) return 'e'; // choley / chole
  return run[run.length - 1]!;
}

/** Class of a vowel run inside or at the start of a word: a, i or u. */
function innerClass(run: string): string {
  const last = run[run.length - 1]!;
  return last === 'e' ? 'i' : last;
}

/** The spelling key of one word (see the module comment). Words without Latin letters stay as they are. */
export function wordKey(word: string): string {
  let w = spellingWords(word).join('');
  if (!/[a-z]/.test(w)) return w;
  w = w
    .replace(/ph/g, 'f')
    .replace(/sh/g, 's')
    .replace(/c+h+/g, 'C') // ch, chh, cch: one sound, kept apart from k for now
    .replace(/ck/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/([^aeiouyh])h+/g, '$1') // aspirates: kh, gh, th, dh, bh, jh, rh...
    .replace(/(.)h+(?![aeiouy])/g, '$1') // dahl -> dal, tikkah -> tikka
    .replace(/C/g, 'c')
    .replace(/(.)\1+/g, '$1')
    .replace(/([aeiou])v$/, '$1u') // pav / pao, pulav / pulao
    .replace(/(?!^)y|^y(?![aeiou])/g, 'i');
  // Runs: an optional leading vowel run, then consonants with the vowel runs after them.
  const parts = w.match(/[aeiou]+|[^aeiou]/g) ?? [];
  const consonants = parts.filter((p) => !isVowel(p[0]!)).length;
  let key = '';
  parts.forEach((p, i) => {
    if (!isVowel(p[0]!)) key += p;
    else if (i === parts.length - 1 && i > 0)
      key += finalClass(p.replace(/o/g, 'u').replace(/(.)\1+/g, '$1'));
    else if (i === 0 || consonants <= 2) key += innerClass(p.replace(/o/g, 'u'));
  });
  return key;
}

/** The key of a whole text: its words' keys, separated by single spaces. */
export function spellingKey(text: string): string {
  return spellingWords(text).map(wordKey).join(' ');
}

/** How well a text matches a query: see spellingMatcher. */
export type SpellingMatch = 0 | 1 | 2;

/**
 * Matches texts against one query (built once per query, called per text): 2 when every word of
 * the query starts a word of the text as typed ("pan" in "Paneer Tikka"); 1 when some words are
 * found only by their spelling key ("panner" in "Paneer Tikka"); 0 when some word is missing.
 * Key-only matches can be loose (pasta and pista share a key), so callers show them only when
 * nothing matches as typed, or rank them below. Null for a query without words.
 */
export function spellingMatcher(query: string): ((text: string) => SpellingMatch) | null {
  const words = spellingWords(query);
  if (words.length === 0) return null;
  const keys = words.map(wordKey);
  return (text: string) => {
    const textWords = spellingWords(text);
    let textKeys: string[] | undefined;
    let level: SpellingMatch = 2;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (textWords.some((t) => t.startsWith(w))) continue;
      textKeys ??= textWords.map(wordKey);
      if (!textKeys.includes(keys[i]!)) return 0;
      level = 1;
    }
    return level;
  };
}

/**
 * A menu search (one query, called per dish): 2 when the dish matches as typed (the query inside
 * its name or description, or every word starting one of their words), 1 when its name matches
 * only by spelling ("panner" for "Paneer Tikka"), else 0. A menu shows the dishes of the best level
 * found, so spelling finds what was meant only when nothing matches what was written.
 */
export function dishMatcher(query: string): ((name: string, description: string) => SpellingMatch) | null {
  const q = query.trim().toLowerCase();
  const words = spellingMatcher(q);
  if (!q || !words) return null;
  return (name, description) => {
    if (name.toLowerCase().includes(q) || description.toLowerCase().includes(q)) return 2;
    const byName = words(name);
    if (byName === 2 || words(description) === 2) return 2;
    return byName;
  };
}

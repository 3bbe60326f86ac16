import { describe, expect, it } from 'vitest';
import { dishMatcher, spellingKey, spellingMatcher, spellingWords, wordKey } from './spelling-key.ts';

/** [canonical spelling, a way Indians also write it]: each pair must share one key. */
export const VARIANT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['paneer', 'panner'],
  ['paneer', 'panir'],
  ['paneer', 'paner'],
  ['biryani', 'biriyani'],
  ['biryani', 'briyani'],
  ['biryani', 'biriani'],
  ['masala', 'masaala'],
  ['masala', 'massala'],
  ['chaat', 'chat'],
  ['dosa', 'dosai'],
  ['dosa', 'dhosa'],
  ['idli', 'idly'],
  ['vada', 'wada'],
  ['vada', 'vadai'],
  ['dal', 'daal'],
  ['dal', 'dhal'],
  ['dal', 'dahl'],
  ['naan', 'nan'],
  ['tikka', 'tika'],
  ['kheer', 'khir'],
  ['keema', 'kheema'],
  ['keema', 'qeema'],
  ['pav', 'pao'],
  ['pulao', 'pulav'],
  ['chole', 'chhole'],
  ['chole', 'choley'],
  ['bhaji', 'bajji'],
  ['gobi', 'gobhi'],
  ['aloo', 'alu'],
  ['sambar', 'sambhar'],
  ['rasgulla', 'rosogolla'],
  ['chicken', 'chiken'],
  ['kebab', 'kabab'],
  ['seekh', 'sheekh'],
  ['jeera', 'zeera'],
  ['rajma', 'razma'],
  ['korma', 'kurma'],
  ['makhani', 'makhni'],
  ['chapati', 'chapathi'],
  ['tandoori', 'tanduri'],
  ['uttapam', 'oothappam'],
  ['phirni', 'firni'],
  ['falooda', 'faluda'],
  ['jalebi', 'jilebi'],
  ['laddu', 'ladoo'],
  ['halwa', 'halva'],
  ['kulfi', 'kulfee'],
  ['puri', 'poori'],
  ['lassi', 'lasi'],
  ['chana', 'channa'],
  ['thali', 'thaali'],
  ['sandesh', 'sondesh'],
  ['frankie', 'franky'],
  ['manchurian', 'manchoorian'],
  ['cutlet', 'katlet'],
  ['gosht', 'ghosht'],
  ['murgh', 'murg'],
  ['khichdi', 'khichadi'],
  ['bhindi', 'bhendi'],
  ['paratha', 'parotta'],
  ['roti', 'rotee'],
  ['peda', 'pedha'],
  ['appam', 'aapam'],
  ['avial', 'aviyal'],
  ['idiyappam', 'idiappam'],
  ['payasam', 'paayasam'],
];

/** Different dishes (or a dish and an unrelated word) that must keep different keys. */
const DIFFERENT: ReadonlyArray<readonly [string, string]> = [
  ['paneer', 'pan'],
  ['paneer', 'panna'],
  ['paneer', 'pancake'],
  ['paneer', 'pani'],
  ['chaat', 'chai'],
  ['chaat', 'chaas'],
  ['chaat', 'chaap'],
  ['tikka', 'tikki'],
  ['naan', 'non'],
  ['dal', 'dil'],
  ['masala', 'misal'],
  ['dosa', 'dal'],
  ['idli', 'idiyappam'],
  ['chole', 'choli'],
  ['biryani', 'burger'],
  ['kulfi', 'kofta'],
  ['rasam', 'rasmalai'],
];

describe('wordKey', () => {
  it(`gives both spellings of ${VARIANT_PAIRS.length} dish words one key`, () => {
    expect(VARIANT_PAIRS.length).toBeGreaterThanOrEqual(30);
    for (const [canonical, variant] of VARIANT_PAIRS) {
      expect(wordKey(variant), `${variant} vs ${canonical}`).toBe(wordKey(canonical));
    }
  });

  it('keeps different dishes apart', () => {
    for (const [a, b] of DIFFERENT) expect(wordKey(a), `${a} vs ${b}`).not.toBe(wordKey(b));
  });

  it('reads three spellings of the same word alike, whatever the case and accents', () => {
    expect(new Set(['Biryani', 'BIRIYANI', 'briyani', 'Biryāni'].map(wordKey)).size).toBe(1);
    expect(new Set(['Paneer', 'PANNER', 'panir'].map(wordKey)).size).toBe(1);
  });

  it('leaves digits and other scripts as they are', () => {
    expect(wordKey('65')).toBe('65');
    expect(wordKey('पनीर')).toBe('पनीर');
    expect(wordKey('')).toBe('');
  });
});

describe('spellingKey', () => {
  it('keys every word of a text', () => {
    expect(spellingKey('Masala Dosa')).toBe(spellingKey('masaala  dosai'));
    expect(spellingKey('Chicken 65 Biryani')).toBe(spellingKey('chiken 65 biriyani'));
    expect(spellingKey('Chole Bhature')).toBe(spellingKey('chhole bhature'));
    expect(spellingKey('Vada Pav')).toBe(spellingKey('wada pao'));
    // A dish is not the spice mix named after it.
    expect(spellingKey('chaat')).not.toBe(spellingKey('chat masala'));
  });

  it('splits words on anything but letters and digits', () => {
    expect(spellingWords('Neer Dosa (3 pcs)')).toEqual(['neer', 'dosa', '3', 'pcs']);
    expect(spellingWords(" Non-Veg Thali's ")).toEqual(['non', 'veg', 'thali', 's']);
  });
});

describe('spellingMatcher', () => {
  it('finds words as typed (2), by spelling (1) or not at all (0)', () => {
    const panner = spellingMatcher('panner')!;
    expect(panner('Paneer Tikka')).toBe(1);
    expect(panner('Aam Panna')).toBe(0);
    expect(panner('Pancakes')).toBe(0);
    const pan = spellingMatcher('pan')!;
    expect(pan('Paneer Tikka')).toBe(2);
    expect(pan('Aam Panna')).toBe(2);
    const mixed = spellingMatcher('masaala dos')!;
    expect(mixed('Mysore Masala Dosa')).toBe(1);
    expect(mixed('Masala Chai')).toBe(0);
    expect(spellingMatcher('chat')!('Papdi Chaat')).toBe(1);
    expect(spellingMatcher('chat')!('Masala Chai')).toBe(0);
  });

  it('is null for a query without words', () => {
    expect(spellingMatcher('  ')).toBeNull();
    expect(spellingMatcher('!!')).toBeNull();
  });
});

describe('dishMatcher', () => {
  const menu = [
    { name: 'Paneer Tikka', description: 'Cottage cheese from the tandoor.' },
    { name: 'Aam Panna', description: 'Raw mango cooler.' },
    { name: 'Pista Kulfi', description: 'Frozen pistachio milk.' },
    { name: 'Pink Sauce Pasta', description: 'Penne in tomato cream.' },
    { name: 'Masala Dosa', description: 'Crisp crepe with potato.' },
  ];
  const levels = (q: string) => menu.map((d) => dishMatcher(q)!(d.name, d.description));

  it('matches as typed anywhere in the name or description', () => {
    expect(levels('tandoor')).toEqual([2, 0, 0, 0, 0]);
    expect(levels('cream')).toEqual([0, 0, 0, 2, 0]);
  });

  it('matches names by spelling: "panner" is paneer, not aam panna', () => {
    expect(levels('panner')).toEqual([1, 0, 0, 0, 0]);
    expect(levels('masaala dosai')).toEqual([0, 0, 0, 0, 1]);
  });

  it('ranks a loose spelling match (pasta, pista) below a match as typed', () => {
    expect(levels('pasta')).toEqual([0, 0, 1, 2, 0]);
  });

  it('is null for an empty query', () => {
    expect(dishMatcher('   ')).toBeNull();
  });
});

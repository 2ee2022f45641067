import { describe, expect, it } from 'vitest';
import { matchScore, matchWord, normalizeText, umlautSpelling, WORD_MATCH, withinOneEdit } from './text-match';

describe('normalizeText', () => {
  it('drops case, accents and marks, and keeps words apart by one space', () => {
    expect(normalizeText('  Düsseldorf ')).toBe('dusseldorf');
    expect(normalizeText('BERLÍN')).toBe('berlin');
    expect(normalizeText("L'Aia")).toBe('l aia');
    expect(normalizeText('Frankfurt am Main')).toBe('frankfurt am main');
    expect(normalizeText('Genève—Lac')).toBe('geneve lac');
    expect(normalizeText('Straße Łódź Øresund')).toBe('strasse lodz oresund');
    // Arabic short vowels are marks; the letters stay.
    expect(normalizeText('بَرلين')).toBe('برلين');
  });

  it('spells umlauts the German way when asked', () => {
    expect(umlautSpelling('Köln')).toBe('koeln');
    expect(umlautSpelling('Düsseldorf')).toBe('duesseldorf');
    expect(umlautSpelling('Berlin')).toBeNull();
  });
});

describe('withinOneEdit', () => {
  it('accepts one insertion, deletion, substitution or swap of neighbours', () => {
    for (const [a, b] of [
      ['berlin', 'berlin'],
      ['berln', 'berlin'],
      ['berllin', 'berlin'],
      ['bexlin', 'berlin'],
      ['berlni', 'berlin'],
      ['ebrlin', 'berlin'],
      ['', 'a'],
    ]) {
      expect(withinOneEdit(a as string, b as string), `${a} ${b}`).toBe(true);
    }
  });

  it('rejects two edits', () => {
    for (const [a, b] of [
      ['brln', 'berlin'],
      ['bxrlxn', 'berlin'],
      ['nilreb', 'berlin'],
      ['berlinxx', 'berlin'],
    ]) {
      expect(withinOneEdit(a as string, b as string), `${a} ${b}`).toBe(false);
    }
  });
});

describe('matchWord and matchScore', () => {
  it('ranks exact over prefix over infix over typo', () => {
    expect(matchWord('berlin', 'berlin')).toBe(WORD_MATCH.exact);
    expect(matchWord('ber', 'berlin')).toBe(WORD_MATCH.prefix);
    expect(matchWord('bahnhof', 'hauptbahnhof')).toBe(WORD_MATCH.infix);
    expect(matchWord('berln', 'berlin')).toBe(WORD_MATCH.typo);
    // A typo in a word not typed to its end.
    expect(matchWord('dussl', 'dusseldorf')).toBe(WORD_MATCH.typo);
    // Short words must be right.
    expect(matchWord('bxr', 'berlin')).toBe(WORD_MATCH.none);
    expect(matchWord('ahn', 'hauptbahnhof')).toBe(WORD_MATCH.none);
  });

  it('needs every typed word to match, and scores by the weakest', () => {
    expect(matchScore('berlin', 'berlin')).toBe(100);
    expect(matchScore('frankfurt am', 'frankfurt am main')).toBe(90);
    expect(matchScore('main frankfurt', 'frankfurt am main')).toBe(80);
    expect(matchScore('hotel ber', 'steigenberger hotel berlin tiergarten')).toBe(60);
    expect(matchScore('hotel berln', 'steigenberger hotel berlin tiergarten')).toBe(20);
    expect(matchScore('hotel paris', 'steigenberger hotel berlin tiergarten')).toBe(0);
    expect(matchScore('', 'berlin')).toBe(0);
  });
});

/**
 * Matching what a guest types against names: accent- and case-insensitive, by word prefix, and forgiving
 * one typing mistake (a letter missing, extra, wrong or two letters swapped) in a word of 4 letters or more.
 */

/** Letters that Unicode decomposition leaves alone but a guest types without their mark. */
const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ı: 'i', þ: 'th', ð: 'd' };

/** Lower case, without accents or marks (Arabic short vowels included), words separated by one space. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøæœłđıþð]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The German spelling without umlauts (Köln → Koeln, Düsseldorf → Duesseldorf), normalised; null when the same. */
export function umlautSpelling(text: string): string | null {
  const spelled = text.replace(/[äöüÄÖÜ]/g, (letter) => `${letter.normalize('NFD')[0] ?? ''}e`);
  return spelled === text ? null : normalizeText(spelled);
}

/**
 * Whether two words are at most one edit apart: one letter inserted, deleted or replaced, or two
 * neighbouring letters swapped. Linear time; no distance matrix.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    // Neighbours swapped: "berlni" and "berlin".
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}

/** How well one typed word matches one word of a name; higher is better, 0 is no match. */
export const WORD_MATCH = { none: 0, typo: 1, infix: 2, prefix: 3, exact: 4 } as const;
export type WordMatch = (typeof WORD_MATCH)[keyof typeof WORD_MATCH];

/** Typed words shorter than this must be spelled right: "ab" one edit away matches too much. */
const MIN_TYPO_LENGTH = 4;
/** Typed words shorter than this only match the start of a word. */
const MIN_INFIX_LENGTH = 4;

export function matchWord(typed: string, word: string): WordMatch {
  if (typed === word) return WORD_MATCH.exact;
  if (word.startsWith(typed)) return WORD_MATCH.prefix;
  if (typed.length >= MIN_INFIX_LENGTH && word.includes(typed)) return WORD_MATCH.infix;
  if (typed.length < MIN_TYPO_LENGTH) return WORD_MATCH.none;
  if (withinOneEdit(typed, word)) return WORD_MATCH.typo;
  // A typo in a word not finished yet: "dussl" against the start of "dusseldorf".
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length < word.length && withinOneEdit(typed, word.slice(0, length))) return WORD_MATCH.typo;
  }
  return WORD_MATCH.none;
}

/**
 * How well a typed text matches a name (both normalised): every typed word must match some word of the
 * name, and the score is the worst of those matches, with a bonus when the whole name is typed or the
 * name starts with what was typed. 0 means no match.
 */
export function matchScore(typed: string, name: string): number {
  if (typed === '' || name === '') return 0;
  if (typed === name) return 100;
  if (name.startsWith(typed)) return 90;
  const nameWords = name.split(' ');
  let worst: WordMatch = WORD_MATCH.exact;
  for (const typedWord of typed.split(' ')) {
    let best: WordMatch = WORD_MATCH.none;
    for (const word of nameWords) {
      const match = matchWord(typedWord, word);
      if (match > best) best = match;
      if (best === WORD_MATCH.exact) break;
    }
    if (best === WORD_MATCH.none) return 0;
    if (best < worst) worst = best;
  }
  return worst * 20;
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The site's own wording in a site language, read from its message catalog (src/locales/<locale>/messages.po),
 * so a journey in another language finds what a person there reads: `say('Room {number}', { number: 2 })`
 * is "Room 2" in English and "الغرفة 2" in Arabic. English is the catalogs' source language: its text is
 * the message id itself. Plurals are chosen by the language's plural rules, as the site chooses them.
 */
export type JourneyLocale = 'en' | 'ar';
export type Say = (message: string, values?: Record<string, string | number>) => string;

const unescape = (text: string) => text.replace(/\\(["\\n])/g, (_, character: string) => (character === 'n' ? '\n' : character));

/** The catalog's entries: message id to translation (entries split over several quoted lines are joined). */
function readCatalog(locale: JourneyLocale, catalog = 'messages'): Map<string, string> {
  const text = readFileSync(fileURLToPath(new URL(`../../src/locales/${locale}/${catalog}.po`, import.meta.url)), 'utf8');
  const entries = new Map<string, string>();
  const quoted = '((?:"(?:[^"\\\\]|\\\\.)*"\\s*)+)';
  const join = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, part]) => unescape(part ?? '')).join('');
  for (const match of text.matchAll(new RegExp(`^msgid ${quoted}msgstr ${quoted}`, 'gm'))) {
    const id = join(match[1] ?? '');
    if (id) entries.set(id, join(match[2] ?? ''));
  }
  return entries;
}

/** The text inside the braces that open at `start` (which holds "{"), and where they close. */
function braced(text: string, start: number): { inner: string; end: number } {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text[index] === '{') depth++;
    if (text[index] === '}' && --depth === 0) return { inner: text.slice(start + 1, index), end: index + 1 };
  }
  throw new Error(`Unbalanced braces in "${text}"`);
}

/** ICU message text with its values: `{name}` placeholders and `{name, plural, one {…} other {…}}` choices. */
function format(message: string, values: Record<string, string | number>, rules: Intl.PluralRules): string {
  let result = '';
  let index = 0;
  while (index < message.length) {
    if (message[index] !== '{') {
      result += message[index];
      index++;
      continue;
    }
    const { inner, end } = braced(message, index);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,/.exec(inner);
    if (plural) {
      const name = plural[1] ?? '';
      const count = Number(values[name]);
      const options = new Map<string, string>();
      let rest = inner.slice(plural[0].length);
      for (let option = /^\s*(=?\w+)\s*\{/.exec(rest); option; option = /^\s*(=?\w+)\s*\{/.exec(rest)) {
        const body = braced(rest, option[0].length - 1);
        options.set(option[1] ?? '', body.inner);
        rest = rest.slice(body.end);
      }
      const chosen = options.get(`=${count}`) ?? options.get(rules.select(count)) ?? options.get('other') ?? '';
      result += format(chosen.replace(/#/g, String(count)), values, rules);
    } else {
      const name = inner.trim();
      if (!(name in values)) throw new Error(`No value for {${name}} in "${message}"`);
      result += String(values[name]);
    }
    index = end;
  }
  return result;
}

/**
 * `catalogs`: the site's catalogs (src/locales/<locale>/<name>.po) the pages of a journey load, the first
 * that translates a message giving its words (the same message may read differently in another part of the site).
 */
export function wording(locale: JourneyLocale, catalogs: string[] = ['messages']): Say {
  const read = catalogs.map((name) => readCatalog(locale, name));
  const rules = new Intl.PluralRules(locale);
  return (message, values = {}) => {
    const translated = locale === 'en' ? message : read.map((catalog) => catalog.get(message)).find(Boolean);
    if (!translated) throw new Error(`The ${locale} catalog has no translation of "${message}"`);
    return format(translated, values, rules);
  };
}

/** A regular expression that matches text literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

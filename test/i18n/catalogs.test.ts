import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/locales';

interface Entry {
  id: string;
  translation: string;
}

/** The catalogs of a locale (lingui.config.ts): the main one, and the member area's. */
const CATALOGS = ['messages', 'member', 'settings'] as const;

/** Reads the msgid/msgstr pairs of a locale's catalogs (single-line entries, as our catalogs are written). */
function readCatalog(locale: string): Entry[] {
  const text = CATALOGS.map((name) => readFileSync(join(import.meta.dirname, '../../src/locales', locale, `${name}.po`), 'utf8')).join('\n');
  const entries: Entry[] = [];
  const pattern = /^msgid (".*")\nmsgstr (".*")$/gm;
  for (const match of text.matchAll(pattern)) {
    const id = JSON.parse(match[1] ?? '""') as string;
    if (id) entries.push({ id, translation: JSON.parse(match[2] ?? '""') as string });
  }
  return entries;
}

/**
 * The named placeholders a message uses, such as {openingDate}; plural selectors and # are checked
 * separately. A set: a language with more plural forms (ar, pl) repeats a placeholder in each of them.
 */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)(?:,|\})/g)].map((match) => match[1] ?? ''))].sort();
}

const source = readCatalog('en');

describe('message catalogs', () => {
  it('have source messages', () => {
    expect(source.length).toBeGreaterThan(20);
  });

  it.each(LOCALES)('%s translates every message with the same placeholders', (locale) => {
    const entries = new Map(readCatalog(locale).map((entry) => [entry.id, entry.translation]));
    for (const { id } of source) {
      const translation = entries.get(id);
      expect(translation, `${locale}: ${id}`).toBeTruthy();
      expect(placeholders(translation ?? ''), `${locale}: ${id}`).toEqual(placeholders(id));
      if (id.includes('plural,')) expect(translation, `${locale}: ${id}`).toMatch(/other \{/);
    }
  });

  it.each(['de', 'ar'] as const)('%s is a real translation, not a copy of English', (locale) => {
    const entries = readCatalog(locale);
    const copied = entries.filter((entry) => entry.translation === entry.id && !/^(H World Hotels|PayPal|Apple Pay|iDEAL)$/.test(entry.id));
    expect(copied.map((entry) => entry.id)).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../shared/categories';
import { ERROR_CODES } from '../shared/error-codes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../shared/languages';

/**
 * Every language has exactly the keys of Slovak (the source), none empty, with the same
 * placeholders. Plural keys (`_one`, `_few`, …) must cover the forms each language needs.
 */
const LOCALES = path.dirname(fileURLToPath(import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, string>;

function leaves(value: unknown, prefix = '', into: Leaves = new Map()): Leaves {
  if (typeof value === 'string') into.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((item, i) => leaves(item, `${prefix}[${i}]`, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      leaves(item, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, `<${typeof value}>`);
  return into;
}

function read(language: string, namespace: string): Leaves {
  return leaves(
    JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const baseKeys = (map: Leaves) => new Set([...map.keys()].map((key) => key.replace(PLURAL, '')));

const namespaces = fs
  .readdirSync(path.join(LOCALES, DEFAULT_LANGUAGE))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

describe('translations', () => {
  it('every language has the same files', () => {
    for (const language of LANGUAGES) {
      const files = fs
        .readdirSync(path.join(LOCALES, language))
        .filter((file) => file.endsWith('.json'));
      expect(files.sort(), language).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  describe.each(namespaces)('%s', (namespace) => {
    const source = read(DEFAULT_LANGUAGE, namespace);

    it.each(LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))(
      '%s has no missing or extra keys',
      (language) => {
        const target = read(language, namespace);
        const missing = [...baseKeys(source)].filter((key) => !baseKeys(target).has(key));
        const extra = [...baseKeys(target)].filter((key) => !baseKeys(source).has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      },
    );

    it.each(LANGUAGES)('%s has no empty text and keeps the placeholders', (language) => {
      const target = read(language, namespace);
      for (const [key, text] of target) {
        expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
        const sourceText = source.get(key) ?? source.get(key.replace(PLURAL, '_other'));
        if (sourceText !== undefined) {
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(
            placeholders(sourceText),
          );
        }
      }
    });

    it.each(LANGUAGES)('%s has every plural form its grammar needs', (language) => {
      const target = read(language, namespace);
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...target.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
      );
      for (const base of plurals) {
        for (const form of forms)
          expect(target.has(`${base}_${form}`), `${language}/${namespace}:${base}_${form}`).toBe(
            true,
          );
      }
    });
  });

  it('names every category and every error code', () => {
    for (const language of LANGUAGES) {
      const categories = read(language, 'categories');
      for (const code of CATEGORIES) expect(categories.has(code), `${language} ${code}`).toBe(true);
      const errors = read(language, 'errors');
      for (const code of ERROR_CODES) {
        expect(errors.has(code) || errors.has(`${code}_other`), `${language} ${code}`).toBe(true);
      }
    }
  });
});

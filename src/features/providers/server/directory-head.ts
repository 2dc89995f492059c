import { Translator } from '../../../client/i18n/translator';
import type { Language } from '../../../shared/languages';
import csCategories from '../../../locales/cs/categories.json';
import csDirectory from '../../../locales/cs/directory.json';
import enCategories from '../../../locales/en/categories.json';
import enDirectory from '../../../locales/en/directory.json';
import ruCategories from '../../../locales/ru/categories.json';
import ruDirectory from '../../../locales/ru/directory.json';
import skCategories from '../../../locales/sk/categories.json';
import skDirectory from '../../../locales/sk/directory.json';
import ukCategories from '../../../locales/uk/categories.json';
import ukDirectory from '../../../locales/uk/directory.json';
import { findPlace, presentPlace } from '../../places/server';
import { directoryAddress, directoryPath } from '../directory-address';
import { directoryHeading } from '../directory-heading';

const TEXTS: Record<Language, { directory: object; categories: object }> = {
  sk: { directory: skDirectory, categories: skCategories },
  en: { directory: enDirectory, categories: enCategories },
  uk: { directory: ukDirectory, categories: ukCategories },
  ru: { directory: ruDirectory, categories: ruCategories },
  cs: { directory: csDirectory, categories: csCategories },
};

const translators = new Map<Language, Translator>();
const translatorOf = (language: Language) => {
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator({
      language,
      resources: TEXTS[language] as unknown as Record<string, Record<string, unknown>>,
    });
    translators.set(language, translator);
  }
  return translator;
};

/**
 * The directory's title, description and canonical address for its trade and town, written into
 * the page's head by the server (page-head.ts) so crawlers index "Inštalatérstvo – Prešov a
 * okolie" as a page of its own. The canonical address keeps the trade and the place only.
 */
export function directoryHead(search: URLSearchParams, language: Language) {
  const address = directoryAddress(search);
  const place = address.near === undefined ? undefined : findPlace(address.near);
  const town = place ? presentPlace(place, language).name : undefined;
  return {
    ...directoryHeading(translatorOf(language).t, address.category, town),
    canonicalPath: directoryPath({ category: address.category, near: place?.id }),
  };
}

/** Interface languages, Slovak first and default (spec core §1). */
export const LANGUAGES = ['sk', 'en', 'uk', 'ru', 'cs'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sk';

/** The cookie that keeps the chosen language, and how long it lives (spec core §9). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 365;

/** BCP 47 locales used for Intl formatting of money and dates. */
export const LOCALE_OF: Record<Language, string> = {
  sk: 'sk-SK',
  en: 'en-GB',
  uk: 'uk-UA',
  ru: 'ru-RU',
  cs: 'cs-CZ',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

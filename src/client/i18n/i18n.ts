import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  isLanguage,
  type Language,
} from '../../shared/languages';

/** Each language's files load on demand, so a page downloads one language, not five. */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/*.json',
);

export const NAMESPACES = ['common', 'home', 'privacy', 'errors', 'categories'] as const;

async function loadLanguage(language: Language) {
  await Promise.all(
    NAMESPACES.map(async (namespace) => {
      if (i18next.hasResourceBundle(language, namespace)) return;
      const load = localeFiles[`../../locales/${language}/${namespace}.json`];
      if (!load) return;
      const { default: resources } = await load();
      i18next.addResourceBundle(language, namespace, resources, true, true);
    }),
  );
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The person's choice from the cookie, else Slovak (spec core §1: Slovak is the default). */
export function initialLanguage(): Language {
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

export async function setupI18n(): Promise<typeof i18next> {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the interface language and remembers it for 365 days (spec core §1). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

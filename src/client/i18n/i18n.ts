import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  isLanguage,
  type Language,
} from '../../shared/languages';

/**
 * Each language and namespace is its own small chunk, loaded when a page first asks for it
 * (useTranslation('auth') suspends until then), so a page downloads only the texts it shows.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/*.json',
  '!../../locales/*/mail.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no texts for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * The namespace every page needs: the shell's texts. Error and validation texts load with the
 * first form or error message that asks for them (useApiErrorText, useForm), not on every page.
 */
const SHELL_NAMESPACES = ['common'];

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
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: SHELL_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the interface language and remembers it for 365 days (spec core §1). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

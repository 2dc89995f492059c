import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  isLanguage,
  type Language,
} from '../../shared/languages';
import textsHash from 'virtual:locale-files';
import { Translator, type Resources, type Texts } from './translator';

/**
 * Each language and namespace is its own small JSON file, fetched when a page first asks for it
 * (useTranslation('auth') suspends until then), so a page downloads only the texts it shows.
 * The build writes them with one hash of all the texts in their names (vite.config.ts).
 */
async function loadTexts(language: string, namespace: string): Promise<Texts> {
  const response = await fetch(`/assets/locales/${language}/${namespace}.${textsHash}.json`);
  if (!response.ok) throw new Error(`No texts for ${language}/${namespace} (${response.status})`);
  return (await response.json()) as Texts;
}

/**
 * The namespace every page needs: the shell's texts. Error and validation texts load with the
 * first form or error message that asks for them (useApiErrorText, useForm), not on every page.
 */
const SHELL_NAMESPACES = ['common'];

let i18n: Translator | undefined;

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

/**
 * A server-rendered page brings the texts its first render used (PageState): they are used as
 * they are, so hydrating fetches none; any other namespace still loads on demand.
 */
export async function setupI18n(inlined?: {
  language: Language;
  texts: Resources;
}): Promise<Translator> {
  const language = inlined?.language ?? initialLanguage();
  i18n = new Translator({ language, resources: inlined?.texts, load: loadTexts });
  await i18n.loadTexts(SHELL_NAMESPACES);
  document.documentElement.lang = language;
  return i18n;
}

/** Switches the interface language and remembers it for 365 days (spec core §1). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n?.changeLanguage(language);
  document.documentElement.lang = language;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

export function currentLanguage(): Language {
  return isLanguage(i18n?.language) ? i18n.language : DEFAULT_LANGUAGE;
}

import type { Language } from '../../../shared/languages';

/** What the prompt may say about a provider: public profile fields only, never email or phone. */
export interface PublicProfile {
  name: string;
  category: string | null;
  location: string | null;
  website: string | null;
  bio: string | null;
  experienceYears: number | null;
}

const LANGUAGE_NAMES: Record<Language, string> = {
  sk: 'Slovak',
  en: 'English',
  uk: 'Ukrainian',
  ru: 'Russian',
  cs: 'Czech',
};

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
/** Digits with the usual separators; nine or more digits make a phone number (not a year span). */
const DIGIT_RUN = /\+?\d[\d\s()./-]{5,}\d/g;
const isPhone = (run: string) => run.replace(/\D/g, '').length >= 9;

/** Free text with any email address or phone number the provider typed into it taken out. */
export function withoutContacts(text: string) {
  return text
    .replace(EMAIL, '[removed]')
    .replace(DIGIT_RUN, (run) => (isPhone(run) ? '[removed]' : run))
    .trim();
}

/** `heating_gas_sanitary` → `heating gas sanitary`. */
const words = (code: string) => code.replaceAll('_', ' ');

/**
 * The instruction to the model: find what the web says about this provider and answer in one
 * paragraph in the language asked for. Only the public fields below ever leave the platform.
 */
export function trustSummaryPrompt(profile: PublicProfile, language: Language) {
  const lines = [
    `Name: ${withoutContacts(profile.name)}`,
    profile.category ? `Trade: ${words(profile.category)}` : null,
    profile.location ? `Location: ${withoutContacts(profile.location)}` : null,
    profile.website ? `Website: ${profile.website}` : null,
    profile.bio ? `About: ${withoutContacts(profile.bio)}` : null,
    profile.experienceYears === null ? null : `Experience: ${profile.experienceYears} years`,
  ].filter((line): line is string => line !== null);
  const languageName = LANGUAGE_NAMES[language];
  return [
    'You help people decide whether to trust a tradesperson found on a marketplace.',
    'Search the web for this service provider and summarise their online reputation:',
    'reviews, reputation, and how long and where they have been working.',
    '',
    ...lines,
    '',
    `Answer in ${languageName} (language code "${language}") with exactly one paragraph of plain text,`,
    'no headings, no lists, no links and no contact details.',
    'Say plainly when the web has little or nothing about this provider; do not invent facts.',
  ].join('\n');
}

import { Languages } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '../../shared/languages';
import { useChooseLanguage } from '../../features/accounts/ui/useChooseLanguage';

/** SK / EN / UK / RU / CS, always present (spec core §2). Each option is named in its own language. */
export function LanguageSelector({ id }: { id: string }) {
  // The hook's instance, not the browser's global one: the server renders with its own.
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const choose = useChooseLanguage();
  return (
    <div className="flex items-center gap-1.5">
      <Languages aria-hidden="true" className="size-4 text-stone-500" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className="min-h-11 rounded-md border border-stone-300 bg-white px-2 text-sm font-medium"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.short.${code}`)} — {t(`language.name.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

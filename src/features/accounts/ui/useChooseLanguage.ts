import { useTranslation } from '../../../client/i18n/react';
import { changeLanguage } from '../../../client/i18n/i18n';
import { useNotify } from '../../../client/layout/Notifications';
import type { Language } from '../../../shared/languages';
import { useSaveLanguage } from './accounts.api';
import { useSession } from './session';

/** Switches the language; for a signed-in person it is also saved on the account (spec core §1). */
export function useChooseLanguage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { user } = useSession();
  const save = useSaveLanguage();
  return async (language: Language) => {
    await changeLanguage(language);
    if (user) save.mutate(language, { onError: () => notify('error', t('language.saveFailed')) });
  };
}

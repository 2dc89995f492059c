import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../client/i18n/react';
import { changeLanguage } from '../../../client/i18n/i18n';
import { useNotify } from '../../../client/layout/Notifications';
import type { Language } from '../../../shared/languages';
import { useSaveLanguage } from './accounts.api';
import { useSession } from './session';

/**
 * Switches the language; for a signed-in person it is also saved on the account (spec core §1).
 * What the server answered is asked again in the new language: many answers name places (cards,
 * a request's place, the directory, lead alerts) in the language of the `lang` cookie.
 */
export function useChooseLanguage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { user } = useSession();
  const save = useSaveLanguage();
  const queryClient = useQueryClient();
  return async (language: Language) => {
    await changeLanguage(language);
    void queryClient.invalidateQueries();
    if (user) save.mutate(language, { onError: () => notify('error', t('language.saveFailed')) });
  };
}

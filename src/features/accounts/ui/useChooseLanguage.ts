import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { changeLanguage } from '../../../client/i18n/i18n';
import { useNotify } from '../../../client/layout/Notifications';
import type { Language } from '../../../shared/languages';
import { useSession } from './session';

/** Switches the language; for a signed-in person it is also saved on the account (spec core §1). */
export function useChooseLanguage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { user, setUser } = useSession();
  return async (language: Language) => {
    await changeLanguage(language);
    if (!user) return;
    try {
      await api('/users/language', { method: 'PUT', body: { preferredLanguage: language } });
      setUser({ ...user, preferredLanguage: language });
    } catch {
      notify('error', t('language.saveFailed'));
    }
  };
}

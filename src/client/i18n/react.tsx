/**
 * The React binding of the texts (translator.ts): the provider and `useTranslation`, shaped like
 * react-i18next's so a component reads `const { t, i18n } = useTranslation('auth')`.
 * A component whose namespaces are not loaded yet suspends until they are (or, with
 * `useSuspense: false`, renders with `ready: false`); a change of language re-renders every
 * component that uses texts.
 */
import { createContext, use, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_NAMESPACE, type TFunction, type Translator } from './translator';

export type { TFunction } from './translator';

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export function useTranslation(
  namespaces: string | readonly string[] = DEFAULT_NAMESPACE,
  options: { useSuspense?: boolean } = {},
): { t: TFunction; i18n: Translator; ready: boolean } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  useSyncExternalStore(
    i18n.subscribe,
    () => i18n.version,
    () => i18n.version,
  );
  i18n.noteUsed(list);
  const loading = i18n.loadTexts(list);
  if (loading) {
    // A failed load reaches the nearest error boundary where the component waits for it.
    if (options.useSuspense === false) loading.catch(() => {});
    else use(loading);
  }
  return { t: i18n.fixedT(list[0]), i18n, ready: !loading };
}

import { Spinner } from './Spinner';
import { useTranslation } from '../../i18n/react';

/** Holds the page's place while its code or texts load, so nothing jumps. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="container-page flex min-h-96 items-center justify-center">
      <Spinner label={t('loading')} />
    </div>
  );
}

import { SearchX } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="container-page flex flex-col items-center py-20 text-center">
      <SearchX aria-hidden="true" className="size-12 text-stone-400" />
      <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">{t('notFound.message')}</p>
      <Link to="/" className="btn-primary mt-8">
        {t('notFound.goHome')}
      </Link>
    </div>
  );
}

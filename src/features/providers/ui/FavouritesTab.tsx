import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Pagination } from '../../../client/components/ui/Pagination';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PAGE_PATHS } from '../../../shared/routes';
import { useFavourites, useSetFavourite } from './invitations.api';
import { ProviderPicture } from './ProviderPicture';
import { Badges } from '../../verifications/ui/Badges';

/**
 * My profile's "Favourites" for a client: the providers they keep, newest first, each a link to
 * their page, each removable here. A disabled provider is not listed (the server leaves them out).
 */
export function FavouritesTab() {
  const { t, i18n } = useTranslation(['invitations', 'categories']);
  const language = i18n.language as Language;
  const [page, setPage] = useState(1);
  const favourites = useFavourites(page);
  const remove = useSetFavourite();
  const { notify } = useNotify();
  const errorText = useApiErrorText();

  return (
    <section aria-labelledby="favourites-title" className="flex flex-col gap-4">
      <div>
        <h2 id="favourites-title" className="text-xl font-semibold">
          {t('favourites.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t('favourites.intro')}</p>
      </div>
      {favourites.isPending ? (
        <Spinner label={t('favourites.loading')} />
      ) : favourites.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-red-800">
            {errorText(favourites.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void favourites.refetch()}>
            {t('favourites.retry')}
          </button>
        </div>
      ) : favourites.data.favourites.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6">
          <Heart aria-hidden="true" className="size-6 text-stone-500" />
          <p className="text-stone-700">{t('favourites.empty')}</p>
          <Link to={PAGE_PATHS.directory} className="btn-primary">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {favourites.data.favourites.map((provider) => (
              <li
                key={provider.id}
                className="card flex flex-wrap items-center gap-x-4 gap-y-3 p-4"
              >
                <ProviderPicture url={provider.profilePictureUrl} name={provider.name} size={64} />
                <div className="flex min-w-0 flex-1 basis-40 flex-col">
                  <Link
                    to={PAGE_PATHS.provider.replace(':id', provider.id)}
                    className="font-semibold break-words text-brand-700 underline"
                  >
                    {provider.name}
                  </Link>
                  {provider.serviceCategory && (
                    <span className="text-sm text-stone-700">
                      {t(`categories:${provider.serviceCategory}`)}
                    </span>
                  )}
                  <div className="my-1">
                    <Badges badges={provider.badges} size="sm" />
                  </div>
                  <span className="text-xs text-stone-600">
                    {t('favourites.savedOn', { date: formatDate(provider.savedAt, language) })}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn-secondary min-h-11"
                  aria-label={t('favourites.removeLabel', { name: provider.name })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { providerId: provider.id, favourite: false },
                      {
                        onSuccess: () => {
                          notify('success', t('favourite.removed', { name: provider.name }));
                          // The last one of a later page: that page is gone, show the one before
                          // (not "no favourites" with the others out of reach).
                          if (page > 1 && favourites.data.favourites.length === 1) {
                            setPage(page - 1);
                          }
                        },
                        onError: (error) => notify('error', errorText(error)),
                      },
                    )
                  }
                >
                  {t('favourites.remove')}
                </button>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={favourites.data.pagination.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

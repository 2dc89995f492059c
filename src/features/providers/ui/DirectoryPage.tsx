import { Search, SearchX, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { Pagination } from '../../../client/components/ui/Pagination';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useTranslation } from '../../../client/i18n/react';
import { isCategory } from '../../../shared/categories';
import { AroundFields, type AroundChoice } from '../../requests/ui/AroundFields';
import { CategorySelect } from '../../requests/ui/CategorySelect';
import { DEFAULT_RADIUS_KM } from '../../requests/requests.schema';
import { directoryAddress, directoryListParams, directoryPath } from '../directory-address';
import { directoryHeading } from '../directory-heading';
import type { DirectorySort } from '../providers.schema';
import { DirectoryCard } from './DirectoryCard';
import { useDirectory } from './directory.api';

/**
 * /providers?category&near&radius_km&sort&page: active providers by trade, around a place,
 * nearest or best rated first, without any contact (that follows a hire). Titled by its trade
 * and town, as the server writes it for crawlers.
 */
export function DirectoryPage() {
  const { t, i18n } = useTranslation([
    'directory',
    'categories',
    'requests',
    'showcase',
    'verifications',
  ]);
  const [params, setParams] = useSearchParams();
  const address = directoryAddress(params);
  const results = useDirectory(directoryListParams(address));
  const errorText = useApiErrorText();
  const nearPlace =
    results.data?.nearPlace?.id === address.near ? (results.data?.nearPlace ?? null) : null;
  const heading = directoryHeading(t, address.category, nearPlace?.name);
  useDocumentTitle(heading.title);
  useEffect(() => {
    document.head
      .querySelector<HTMLMetaElement>('meta[name="description"]')
      ?.setAttribute('content', heading.description);
  }, [heading.description]);

  const go = (next: Parameters<typeof directoryPath>[0]) =>
    setParams(directoryPath(next).split('?')[1] ?? '');
  const total = results.data?.pagination.total ?? 0;
  const count = new Intl.NumberFormat(i18n.language).format(total);
  const filtered = address.category !== undefined || address.near !== undefined;

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold break-words">{heading.title}</h1>
      <p className="mt-2 text-stone-700">{t('intro')}</p>
      <DirectoryForm
        key={`${address.category}|${address.near}|${address.radiusKm}|${address.sort}|${nearPlace?.id}`}
        initialCategory={address.category ?? ''}
        initialAround={{
          place: nearPlace,
          radiusKm: address.radiusKm ?? DEFAULT_RADIUS_KM,
          sort: address.sort ?? (address.near !== undefined ? 'distance' : 'rating'),
        }}
        onSearch={({ category, around }) =>
          go({
            category: isCategory(category) ? category : undefined,
            near: around.place?.id,
            radiusKm: around.place ? around.radiusKm : undefined,
            sort: around.sort,
          })
        }
      />
      <div aria-live="polite" className="mt-6">
        {results.isPending ? (
          <PageLoading />
        ) : results.isError ? (
          <div role="alert" className="card flex flex-col items-center gap-3 p-10 text-center">
            {isRefusal(results.error) ? (
              <>
                <SearchX aria-hidden="true" className="size-8 text-stone-400" />
                <p className="font-medium">{errorText(results.error)}</p>
                <button type="button" className="btn-secondary" onClick={() => setParams({})}>
                  {t('clear')}
                </button>
              </>
            ) : (
              <>
                <WifiOff aria-hidden="true" className="size-8 text-stone-400" />
                <p className="font-medium">{t('connectionError')}</p>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void results.refetch()}
                >
                  {t('retry')}
                </button>
              </>
            )}
          </div>
        ) : total === 0 ? (
          <div className="card flex flex-col items-center gap-3 p-10 text-center">
            <SearchX aria-hidden="true" className="size-8 text-stone-400" />
            <p className="font-medium">{t('empty')}</p>
            {filtered && (
              <button type="button" className="btn-secondary" onClick={() => setParams({})}>
                {t('clear')}
              </button>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm font-medium text-stone-700">
              {results.data.pagination.totalEstimated
                ? t('foundMore', { count: total, formatted: count })
                : t('found', { count: total, formatted: count })}
            </p>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {results.data.providers.map((provider) => (
                <li key={provider.id}>
                  <DirectoryCard
                    provider={provider}
                    forViewer={{
                      allowedActions: results.data.forViewer.allowedActions,
                      favourite: results.data.forViewer.favouriteIds.includes(provider.id),
                    }}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={address.page}
              totalPages={results.data.pagination.totalPages}
              onPage={(page) => {
                go({ ...address, page });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** An answer the server gave on purpose (4xx), as opposed to none at all or its own failure. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Trade, place, radius and order; keyed by the address so going back shows what it lists. */
function DirectoryForm({
  initialCategory,
  initialAround,
  onSearch,
}: {
  initialCategory: string;
  initialAround: AroundChoice<DirectorySort>;
  onSearch: (next: { category: string; around: AroundChoice<DirectorySort> }) => void;
}) {
  const { t } = useTranslation('directory');
  const [category, setCategory] = useState(initialCategory);
  const [around, setAround] = useState(initialAround);
  return (
    <form
      role="search"
      className="card mt-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(10rem,14rem)_1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ category, around });
      }}
    >
      <CategorySelect
        id="directory-category"
        label={t('category')}
        value={category}
        onChange={setCategory}
        allLabel={t('allCategories')}
      />
      <AroundFields
        idPrefix="directory"
        value={around}
        onChange={setAround}
        sorts={[
          { value: 'distance', label: t('sortDistance'), needsPlace: true },
          { value: 'rating', label: t('sortRating'), needsPlace: false },
        ]}
      />
      <button type="submit" className="btn-primary">
        <Search aria-hidden="true" className="size-4" />
        {t('submit')}
      </button>
    </form>
  );
}

import { SearchX, Search, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../client/components/ui/Pagination';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { isCategory } from '../../../shared/categories';
import { LIMITS } from '../../../shared/limits';
import { CategorySelect } from './CategorySelect';
import { RequestCard } from './RequestCard';
import { useRequestList } from './requests.api';

/** /browse?q&category&page: open requests, searched and paged by the server (page only above 1). */
export function BrowsePage() {
  const { t, i18n } = useTranslation(['requests', 'categories']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = isCategory(params.get('category')) ? params.get('category')! : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  useDocumentTitle(t('browse.title'));

  const results = useRequestList({
    q: q || undefined,
    category: category || undefined,
    page,
    limit: LIMITS.browsePageSize,
  });

  const go = (next: { q?: string; category?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextCategory = next.category ?? category;
    if (nextQ) search.set('q', nextQ);
    if (nextCategory) search.set('category', nextCategory);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const total = results.data?.pagination.total ?? 0;
  const count = new Intl.NumberFormat(i18n.language).format(total);

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">{t('browse.title')}</h1>
      <p className="mt-2 text-stone-700">{t('browse.intro')}</p>
      <SearchForm
        key={`${q}|${category}`}
        initialQ={q}
        initialCategory={category}
        onSearch={(nextQ, nextCategory) => go({ q: nextQ, category: nextCategory, page: 1 })}
      />

      <div aria-live="polite" className="mt-6">
        {results.isPending ? (
          <PageLoading />
        ) : results.isError ? (
          <div className="card flex flex-col items-center gap-3 p-10 text-center">
            <WifiOff aria-hidden="true" className="size-8 text-stone-400" />
            <p className="font-medium">{t('browse.connectionError')}</p>
            <button type="button" className="btn-secondary" onClick={() => void results.refetch()}>
              {t('browse.retry')}
            </button>
          </div>
        ) : total === 0 ? (
          <div className="card flex flex-col items-center gap-3 p-10 text-center">
            <SearchX aria-hidden="true" className="size-8 text-stone-400" />
            <p className="font-medium">{t('browse.empty')}</p>
            {(q || category) && (
              <button type="button" className="btn-secondary" onClick={() => setParams({})}>
                {t('browse.clear')}
              </button>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm font-medium text-stone-700">
              {results.data.pagination.totalEstimated
                ? t('browse.foundAbout', { count: total, formatted: count })
                : t('browse.found', { count: total, formatted: count })}
            </p>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {results.data.workRequests.map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={results.data.pagination.totalPages}
              onPage={(next) => {
                go({ page: next });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** The search fields; keyed by the URL so going back in history shows the search it shows results for. */
function SearchForm({
  initialQ,
  initialCategory,
  onSearch,
}: {
  initialQ: string;
  initialCategory: string;
  onSearch: (q: string, category: string) => void;
}) {
  const { t } = useTranslation(['requests', 'categories']);
  const [text, setText] = useState(initialQ);
  const [chosen, setChosen] = useState(initialCategory);
  return (
    <form
      role="search"
      className="card mt-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-[1fr_minmax(12rem,16rem)_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim(), chosen);
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="browse-q" className="text-sm font-medium">
          {t('browse.search')}
        </label>
        <input
          id="browse-q"
          type="search"
          value={text}
          placeholder={t('browse.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2.5"
        />
      </div>
      <CategorySelect
        id="browse-category"
        label={t('browse.category')}
        value={chosen}
        onChange={setChosen}
        allLabel={t('browse.allCategories')}
      />
      <button type="submit" className="btn-brand">
        <Search aria-hidden="true" className="size-4" />
        {t('browse.submit')}
      </button>
    </form>
  );
}

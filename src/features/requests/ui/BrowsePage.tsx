import { SearchX, Search, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Pagination } from '../../../client/components/ui/Pagination';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { keepTypedBeforeHydration } from '../../../client/components/ui/typed-before-hydration';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { LIMITS } from '../../../shared/limits';
import { browseAddress, browseListParams, type BrowseAddress } from '../browse-address';
import { DEFAULT_RADIUS_KM, type DistanceSort } from '../requests.schema';
import { AroundFields, type AroundChoice } from './AroundFields';
import { CategorySelect } from './CategorySelect';
import { RequestCard } from './RequestCard';
import { useLocationSuggestions, useRequestList } from './requests.api';
import { fold, startsAWordOf } from '../../places/fold';

/**
 * /browse?q&category&location&near&radius_km&sort&page: open requests, searched and paged by the
 * server (page only above 1); with `near`, those within the radius of a place, with distances.
 */
export function BrowsePage() {
  const { t, i18n } = useTranslation(['requests', 'categories']);
  const [params, setParams] = useSearchParams();
  const address = browseAddress(params);
  const { q, category, location, near, page } = address;
  useDocumentTitle(t('browse.title'));
  const errorText = useApiErrorText();

  const results = useRequestList(browseListParams(address));
  const nearPlace = results.data?.nearPlace?.id === near ? results.data?.nearPlace : null;

  const go = (next: Partial<Omit<BrowseAddress, 'page'>> & { page?: number }) => {
    const search = new URLSearchParams();
    const merged = { ...address, ...next };
    if (merged.q) search.set('q', merged.q);
    if (merged.category) search.set('category', merged.category);
    if (merged.location) search.set('location', merged.location);
    if (merged.near !== undefined) {
      search.set('near', String(merged.near));
      search.set('radius_km', String(merged.radiusKm ?? DEFAULT_RADIUS_KM));
      if (merged.sort === 'distance') search.set('sort', 'distance');
    }
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
        key={`${q}|${category}|${location}|${near}|${address.radiusKm}|${address.sort}|${nearPlace?.id}`}
        initialQ={q}
        initialCategory={category}
        initialLocation={location}
        initialAround={{
          place: nearPlace ?? null,
          radiusKm: address.radiusKm ?? DEFAULT_RADIUS_KM,
          sort: address.sort ?? 'newest',
        }}
        onSearch={(next) => go({ ...next, page: 1 })}
      />

      <div aria-live="polite" className="mt-6">
        {results.isPending ? (
          <PageLoading />
        ) : results.isError && isRefusal(results.error) ? (
          // The server refused the search itself (too long a text): retrying cannot help.
          <div role="alert" className="card flex flex-col items-center gap-3 p-10 text-center">
            <SearchX aria-hidden="true" className="size-8 text-stone-400" />
            <p className="font-medium">{errorText(results.error)}</p>
            <button type="button" className="btn-secondary" onClick={() => setParams({})}>
              {t('browse.clear')}
            </button>
          </div>
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
            {(q || category || location || near !== undefined) && (
              <button type="button" className="btn-secondary" onClick={() => setParams({})}>
                {t('browse.clear')}
              </button>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm font-medium text-stone-700">
              {results.data.pagination.totalEstimated
                ? t('browse.foundMore', { count: total, formatted: count })
                : t('browse.found', { count: total, formatted: count })}
            </p>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {results.data.workRequests.map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} headingLevel={2} />
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

/** An answer the server gave on purpose (4xx), as opposed to none at all or its own failure. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The search fields; keyed by the URL so going back in history shows the search it shows results for. */
function SearchForm({
  initialQ,
  initialCategory,
  initialLocation,
  initialAround,
  onSearch,
}: {
  initialQ: string;
  initialCategory: string;
  initialLocation: string;
  initialAround: AroundChoice<DistanceSort>;
  onSearch: (next: {
    q: string;
    category: string;
    location: string;
    near: number | undefined;
    radiusKm: number;
    sort: DistanceSort;
  }) => void;
}) {
  const { t } = useTranslation(['requests', 'categories']);
  const [text, setText] = useState(initialQ);
  const [chosen, setChosen] = useState(initialCategory);
  const [town, setTown] = useState(initialLocation);
  const [around, setAround] = useState(initialAround);
  return (
    <form
      role="search"
      className="card mt-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[1fr_minmax(10rem,14rem)_minmax(12rem,16rem)_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({
          q: text.trim(),
          category: chosen,
          location: town.trim(),
          near: around.place?.id,
          radiusKm: around.radiusKm,
          sort: around.sort,
        });
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="browse-q" className="text-sm font-medium">
          {t('browse.search')}
        </label>
        <input
          ref={keepTypedBeforeHydration}
          id="browse-q"
          type="search"
          value={text}
          placeholder={t('browse.searchPlaceholder')}
          maxLength={LIMITS.searchText.max}
          onChange={(event) => setText(event.target.value)}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2.5"
        />
      </div>
      <LocationInput value={town} onChange={setTown} />
      <CategorySelect
        id="browse-category"
        label={t('browse.category')}
        value={chosen}
        onChange={setChosen}
        allLabel={t('browse.allCategories')}
      />
      <AroundFields
        idPrefix="browse"
        value={around}
        onChange={setAround}
        sorts={[
          { value: 'newest', label: t('browse.sortNewest'), needsPlace: false },
          { value: 'distance', label: t('browse.sortDistance'), needsPlace: true },
        ]}
      />
      <button type="submit" className="btn-primary">
        <Search aria-hidden="true" className="size-4" />
        {t('browse.submit')}
      </button>
    </form>
  );
}

/** How long typing pauses before the towns for it are asked for. */
const SUGGEST_DELAY_MS = 200;

/**
 * Town or region, with the towns of open requests offered as you type: an ARIA combobox (the
 * native `<datalist>` filters by exact letters, so it would hide "Košice" for "kos"). Arrow keys
 * move through the towns, Enter picks one, Escape closes the list; a click picks one too.
 */
function LocationInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('requests');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [prefix, setPrefix] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setPrefix(value.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useLocationSuggestions(prefix, focused);
  // While the towns for what was just typed load, the previous ones still show if they fit it.
  const current = prefix === value.trim() && !suggestions.isPlaceholderData;
  const towns = (suggestions.data?.locations ?? []).filter(
    (town) => town !== value && (current || startsAWordOf(town, fold(value.trim()))),
  );
  const shown = open && focused && towns.length > 0;
  const optionId = (i: number) => `browse-location-town-${i}`;
  useEffect(() => {
    if (active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const pick = (town: string) => {
    onChange(town);
    setOpen(false);
    setActive(-1);
  };
  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor="browse-location" className="text-sm font-medium">
        {t('browse.location')}
      </label>
      <input
        ref={keepTypedBeforeHydration}
        id="browse-location"
        name="location"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls="browse-location-towns"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={LIMITS.searchText.max}
        value={value}
        placeholder={t('browse.locationPlaceholder')}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
          setActive(-1);
        }}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (!shown) {
              setOpen(true);
              return;
            }
            const step = event.key === 'ArrowDown' ? 1 : -1;
            // Positions -1 (the typed text) to towns.length - 1, round and round.
            setActive(
              (current) => ((current + 1 + step + towns.length + 1) % (towns.length + 1)) - 1,
            );
          } else if (event.key === 'Enter' && shown && active >= 0 && towns[active]) {
            event.preventDefault();
            pick(towns[active]);
          } else if (event.key === 'Escape' && shown) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
        className="min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2.5"
      />
      <ul
        id="browse-location-towns"
        role="listbox"
        aria-label={t('browse.location')}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
      >
        {towns.map((town, i) => (
          <li
            key={town}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Picked on press, before the input's blur would close the list; focus stays in the input.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(town);
            }}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-50 text-stone-900' : 'hover:bg-stone-100'}`}
          >
            {town}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { keepTypedBeforeHydration } from '../../../client/components/ui/typed-before-hydration';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits';

/** "What do you need?": the words go to Browse as its search (an empty search lists everything). */
export function HeroSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const words = query.trim();
    void navigate(words ? `/browse?${new URLSearchParams({ q: words }).toString()}` : '/browse');
  };

  return (
    <form role="search" onSubmit={submit} className="mt-8 max-w-2xl">
      <label htmlFor={id} className="text-lg font-semibold text-stone-900">
        {t('search.label')}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          ref={keepTypedBeforeHydration}
          id={id}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search.placeholder')}
          maxLength={LIMITS.searchText.max}
          enterKeyHint="search"
          className="block min-h-11 w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-lg text-stone-900 placeholder:text-stone-500"
        />
        <button type="submit" className="btn-primary px-6 text-lg">
          <Search aria-hidden="true" className="size-5" />
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}

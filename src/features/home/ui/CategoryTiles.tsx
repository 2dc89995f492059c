import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import { CATEGORY_ICONS } from './category-icons';

/** The 26 trades as tiles, each opening Browse filtered to it. */
export function CategoryTiles() {
  const { t } = useTranslation(['home', 'categories']);
  return (
    <section aria-labelledby="categories-title" className="container-page py-12">
      <h2 id="categories-title" className="text-2xl font-bold sm:text-3xl">
        {t('categoriesSection.title')}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category}>
              <Link
                to={`/browse?category=${category}`}
                className="card flex h-full min-h-11 items-center gap-3 p-3 font-medium text-stone-900 hover:border-brand-700 hover:bg-brand-50 sm:p-4"
              >
                <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <span className="min-w-0 hyphens-auto">{t(`categories:${category}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

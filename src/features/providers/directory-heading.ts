import type { TFunction } from '../../client/i18n/translator';
import type { Category } from '../../shared/categories';

/**
 * The directory's title and description for its category and town, in the `directory` and
 * `categories` texts of one language: "Inštalatérstvo – Prešov a okolie". The page shows it as
 * its heading and title, and the server writes it into the page's head for crawlers.
 */
export function directoryHeading(
  t: TFunction,
  category: Category | undefined,
  town: string | undefined,
): { title: string; description: string } {
  const label = category ? t(`categories:${category}`) : undefined;
  const kind = label ? (town ? 'categoryTown' : 'category') : town ? 'town' : 'all';
  return {
    title: t(`directory:heading.${kind}`, { category: label, town }),
    description: t(`directory:description.${kind}`, { category: label, town }),
  };
}

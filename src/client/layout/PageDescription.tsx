import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation } from 'react-router';
import { pageKeyOf } from '../../shared/page-meta';

function headElement<K extends 'meta' | 'link'>(tag: K, attribute: string, value: string) {
  const found = document.head.querySelector<HTMLElementTagNameMap[K]>(
    `${tag}[${attribute}="${value}"]`,
  );
  if (found) return found;
  const made = document.createElement(tag);
  made.setAttribute(attribute, value);
  document.head.append(made);
  return made;
}

/**
 * Keeps the page's description and canonical link in step with the page and the language as
 * the person moves around (the server writes the first ones into index.html: page-head.ts).
 * Titles are each page's own (useDocumentTitle).
 */
export function PageDescription() {
  const { pathname } = useLocation();
  const { t, ready } = useTranslation('meta', { useSuspense: false });
  const key = pageKeyOf(pathname);
  const description = ready ? t(`description.${key}`) : undefined;

  useEffect(() => {
    // The directory describes itself by its trade and town (DirectoryPage).
    if (description && key !== 'directory')
      headElement('meta', 'name', 'description').content = description;
  }, [description, key]);
  useEffect(() => {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (key === 'notFound') canonical?.remove();
    // The server wrote the site's public address (PUBLIC_URL); only the path changes here.
    else
      headElement('link', 'rel', 'canonical').href = new URL(
        pathname,
        canonical?.href ?? location.origin,
      ).href;
  }, [key, pathname]);
  return null;
}

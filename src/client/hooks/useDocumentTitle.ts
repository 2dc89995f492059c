import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/brand';

/** "Majstri — <page>" (the home page's says what the site is: meta.json title.home). */
export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${PRODUCT_NAME} — ${page}` : PRODUCT_NAME;
  }, [page]);
}

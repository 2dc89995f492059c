import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/brand';

/** "Majstri — <page>", or the product name alone on the home page. */
export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${PRODUCT_NAME} — ${page}` : PRODUCT_NAME;
  }, [page]);
}

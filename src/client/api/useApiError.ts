import { useCallback } from 'react';
import { useTranslation } from '../i18n/react';
import { LIMITS } from '../../shared/limits';
import { ApiError } from './client';

/**
 * Turns any failure into one readable, translated sentence: the code's own text when we have
 * one, else the server's message; for unexpected failures the request reference is added so
 * support can find it (spec core §8).
 */
export function useApiErrorText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown, fallbackKey = 'http_error'): string => {
      if (!(error instanceof ApiError)) return t(fallbackKey);
      if (error.code === 'rate_limited') {
        return t('rate_limited', {
          count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
        });
      }
      if (error.code === 'network_error') return t('network_error');
      if (error.code === 'search_too_long') {
        return t('search_too_long', { max: LIMITS.searchText.max });
      }
      const known = i18n.exists(`errors:${error.code}`);
      const text = known ? t(error.code) : error.message || t(fallbackKey);
      return error.status >= 500 && error.requestId
        ? t('withReference', { message: text, requestId: error.requestId })
        : text;
    },
    [t, i18n],
  );
}

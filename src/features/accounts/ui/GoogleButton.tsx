import { useTranslation } from '../../../client/i18n/react';
import { RETURN_PARAM } from '../../../shared/return-path';

/**
 * A plain link: the server starts the Google sign-in and the browser follows it (spec accounts §2).
 * `returnTo` (already checked) travels with it and comes back on Google's return.
 */
export function GoogleButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const href =
    returnTo === '/'
      ? '/api/auth/google'
      : `/api/auth/google?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
  return (
    <a href={href} className="btn-secondary w-full">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.4-4.7 7l7.3 5.7c4.3-4 7.1-9.9 7.1-17.2z"
        />
        <path
          fill="#FBBC05"
          d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.3-5.7c-2 1.4-4.7 2.3-8.6 2.3-6.3 0-11.6-4.2-13.5-10l-7.8 6C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      {t('login.google')}
    </a>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { isPagePath } from '../../shared/routes';
import { DEFAULT_BUILD, type BuildInfo } from '../../shared/version';
import { api } from '../api/client';

/** About text, links, © current year and the build version (spec core §2). */
export function Footer() {
  const { t } = useTranslation();
  const version = useQuery({
    queryKey: ['version'],
    queryFn: () => api<BuildInfo>('/version'),
    staleTime: Infinity,
  });
  const build = version.data?.version ?? DEFAULT_BUILD.version;
  const links = [
    { to: '/', label: 'footer.home' },
    { to: '/providers', label: 'footer.providers' },
    { to: '/contact', label: 'footer.contact' },
    { to: '/privacy', label: 'footer.privacy' },
  ].filter((link) => isPagePath(link.to));

  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="container-page grid grid-cols-1 gap-8 py-10 md:grid-cols-[2fr_1fr]">
        <div>
          <p className="text-lg font-bold text-brand-800">{PRODUCT_NAME}</p>
          <p className="mt-2 max-w-prose text-sm text-stone-700">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="flex flex-col gap-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-stone-700 underline-offset-4 hover:text-brand-800 hover:underline"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-200">
        <div className="container-page flex flex-col gap-1 py-4 text-xs text-stone-600 sm:flex-row sm:justify-between">
          <p suppressHydrationWarning>
            {t('footer.copyright', { year: new Date().getFullYear(), name: PRODUCT_NAME })}
          </p>
          <p>{t('footer.version', { version: build })}</p>
        </div>
      </div>
    </footer>
  );
}

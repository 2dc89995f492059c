import { Suspense } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { isPagePath } from '../../../shared/routes';
import type { Role } from '../../../shared/statuses';
import { HeroSearch } from './HeroSearch';
import { HomeFigures } from './HomeFigures';
import { useSession } from '../../accounts/ui/session';
import { lazyNamed } from '../../../client/lazy';

/** Below the hero: its code loads just after the first paint (HomeSections). */
const HomeSections = lazyNamed(() => import('./HomeSections'), 'HomeSections');
/** Only a provider with an incomplete profile sees it: its code is not the visitors' to load. */
const ProfileChecklist = lazyNamed(
  () => import('../../providers/ui/ProfileChecklist'),
  'ProfileChecklist',
);

/** Where the hero's one call to action leads, by role (spec core §2 Home); admins see none. */
function heroAction(role: Role | undefined): { to: string; label: string } | undefined {
  if (role === 'administrator') return undefined;
  if (role === 'provider') return { to: '/browse', label: 'hero.browseJobs' };
  return { to: role === 'client' ? '/create' : '/auth', label: 'hero.postJob' };
}

export function HomePage() {
  const { t } = useTranslation(['home', 'meta']);
  useDocumentTitle(t('meta:title.home'));
  const { user } = useSession();
  const role: Role | undefined = user?.role;
  const action = heroAction(role);
  const showAction = action && isPagePath(action.to);

  return (
    <>
      {user?.role === 'provider' && user.providerProfile?.profileCompletion.missing.length ? (
        // Where a provider lands after signing in: what their profile still lacks, first.
        <Suspense fallback={null}>
          <div className="container-page pt-6">
            <ProfileChecklist user={user} />
          </div>
        </Suspense>
      ) : null}
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-stone-900 sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-stone-700">{t('hero.subtitle')}</p>
            <HeroSearch />
            <div className="mt-6 flex flex-wrap gap-3">
              {showAction && (
                <Link to={action.to} className="btn-primary px-6 text-lg">
                  {t(action.label)}
                </Link>
              )}
              {role !== 'provider' && role !== 'administrator' && (
                // Someone with a job to do may look for a craftsperson near them first.
                <Link to="/providers" className="btn-secondary px-6 text-lg">
                  {t('hero.findProviders')}
                </Link>
              )}
              <a href="#how-it-works" className="btn-secondary px-6 text-lg">
                {t('hero.howItWorks')}
              </a>
            </div>
          </div>
          <HomeFigures />
        </div>
      </section>

      <Suspense fallback={<div aria-hidden="true" className="min-h-screen" />}>
        <HomeSections signedIn={role !== undefined} />
      </Suspense>
    </>
  );
}

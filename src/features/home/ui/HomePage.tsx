import {
  BadgeCheck,
  ClipboardList,
  Gift,
  Handshake,
  MessageSquareQuote,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { isPagePath } from '../../../shared/routes';
import type { Role } from '../../../shared/statuses';
import { CategoryTiles } from './CategoryTiles';
import { HeroSearch } from './HeroSearch';
import { HomeFigures } from './HomeFigures';
import { useSession } from '../../accounts/ui/session';
import { lazyNamed } from '../../../client/lazy';

/** Below the fold and waiting for its data anyway: its code (request cards) loads after the first paint. */
const LatestRequests = lazyNamed(() => import('./LatestRequests'), 'LatestRequests');

/** Where the hero's one call to action leads, by role (spec core §2 Home); admins see none. */
function heroAction(role: Role | undefined): { to: string; label: string } | undefined {
  if (role === 'administrator') return undefined;
  if (role === 'provider') return { to: '/browse', label: 'hero.browseJobs' };
  return { to: role === 'client' ? '/create' : '/auth', label: 'hero.postJob' };
}

const STEPS: { key: string; icon: LucideIcon }[] = [
  { key: 'post', icon: ClipboardList },
  { key: 'compare', icon: MessageSquareQuote },
  { key: 'choose', icon: Handshake },
];

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'free', icon: Gift },
  { key: 'verified', icon: BadgeCheck },
  { key: 'fast', icon: Zap },
];

const REASONS = ['privacy', 'oneBid', 'local', 'languages'] as const;

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(undefined);
  const role: Role | undefined = useSession().user?.role;
  const action = heroAction(role);
  const showAction = action && isPagePath(action.to);

  return (
    <>
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
              <a href="#how-it-works" className="btn-secondary px-6 text-lg">
                {t('hero.howItWorks')}
              </a>
            </div>
          </div>
          <HomeFigures />
        </div>
      </section>

      <CategoryTiles />

      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="container-page scroll-mt-20 py-12"
      >
        <h2 id="how-title" className="text-2xl font-bold sm:text-3xl">
          {t('how.title')}
        </h2>
        <ol className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="card p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{t(`how.${key}.title`)}</h3>
              <p className="mt-1 text-stone-700">{t(`how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-title" className="bg-white">
        <div className="container-page py-12">
          <h2 id="features-title" className="text-2xl font-bold sm:text-3xl">
            {t('features.title')}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-xl border border-stone-200 bg-stone-50 p-6">
                <Icon aria-hidden="true" className="size-8 text-accent-700" />
                <h3 className="mt-3 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-stone-700">{t(`features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-title" className="container-page py-12">
        <h2 id="why-title" className="text-2xl font-bold sm:text-3xl">
          {t('why.title')}
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {REASONS.map((key) => (
            <li key={key} className="flex gap-3">
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-semibold">{t(`why.${key}.title`)}</h3>
                <p className="text-stone-700">{t(`why.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Suspense fallback={<div aria-hidden="true" className="min-h-80" />}>
        <LatestRequests signedIn={role !== undefined} />
      </Suspense>

      <section aria-labelledby="community-title" className="container-page py-12">
        <div className="rounded-2xl bg-brand-800 p-8 text-white sm:p-12">
          <h2 id="community-title" className="text-2xl font-bold sm:text-3xl">
            {t('community.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-brand-50">{t('community.text')}</p>
          {isPagePath('/contact') && (
            <Link to="/contact" className="btn mt-6 bg-white text-brand-800 hover:bg-brand-50">
              {t('community.contact')}
            </Link>
          )}
        </div>
      </section>
    </>
  );
}

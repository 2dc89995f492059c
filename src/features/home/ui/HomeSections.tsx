import {
  BadgeCheck,
  ClipboardList,
  Gift,
  Handshake,
  MessageSquareQuote,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { isPagePath } from '../../../shared/routes';
import { CategoryTiles } from './CategoryTiles';
import { LatestRequests } from './LatestRequests';

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

/**
 * Everything of the home page below the hero: the trades as tiles, how it works, why, the latest
 * requests and the community note. Its code (icons, request cards) loads just after the first
 * paint, so the hero shows sooner.
 */
export function HomeSections({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('home');
  return (
    <>
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

      <LatestRequests signedIn={signedIn} />

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

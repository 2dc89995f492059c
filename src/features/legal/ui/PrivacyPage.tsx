import { useTranslation } from '../../../client/i18n/react';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';

/** The sections of the privacy policy, in the spec's order (accounts spec §9). */
const SECTIONS = ['collected', 'uses', 'protection', 'communication', 'rights', 'contact'] as const;

export function PrivacyPage({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('title'));
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-sm text-stone-600">{t('updated')}</p>
      <p className="mt-6 text-lg text-stone-800">{t('intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`privacy-${section}`} className="mt-8">
          <h2 id={`privacy-${section}`} className="text-xl font-semibold">
            {t(`${section}.title`)}
          </h2>
          <div className="mt-2 space-y-3 text-stone-800">
            {(
              t(`${section}.paragraphs`, { returnObjects: true, email: supportEmail }) as string[]
            ).map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="privacy-credits" className="mt-8">
        <h2 id="privacy-credits" className="text-xl font-semibold">
          {t('credits.title')}
        </h2>
        {/* GeoNames' licence (CC BY 4.0) asks for this credit where its data is used. */}
        <p className="mt-2 text-stone-800">{t('credits.geonames')}</p>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          <li>
            <a
              href="https://www.geonames.org/"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center text-brand-700 underline"
            >
              {t('credits.geonamesLink')}
            </a>
          </li>
          <li>
            <a
              href="https://creativecommons.org/licenses/by/4.0/"
              rel="noopener noreferrer license"
              className="inline-flex min-h-11 items-center text-brand-700 underline"
            >
              {t('credits.licenseLink')}
            </a>
          </li>
        </ul>
      </section>
      <p className="mt-8">
        <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-700 underline">
          {supportEmail}
        </a>
      </p>
    </article>
  );
}

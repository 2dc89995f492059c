import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from './session';

/** A provider's account basics and credits balance (My Credits, default 0; not editable by them). */
export function ProviderSummaryTab({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid max-w-3xl gap-4 md:grid-cols-[2fr_1fr]">
      <dl className="card grid gap-3 p-6">
        <div>
          <dt className="text-sm text-stone-600">{t('fields.name')}</dt>
          <dd className="font-medium">{user.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('fields.email')}</dt>
          <dd className="font-medium">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('fields.phone')}</dt>
          <dd className="font-medium">{user.providerProfile?.contactPhone ?? t('notListed')}</dd>
        </div>
      </dl>
      <section className="card flex flex-col gap-2 p-6" aria-labelledby="credits-title">
        <h2 id="credits-title" className="flex items-center gap-2 font-semibold">
          <Coins aria-hidden="true" className="size-5 text-accent-700" />
          {t('credits.title')}
        </h2>
        <p className="text-3xl font-bold text-brand-800">{user.providerProfile?.credits ?? 0}</p>
        <p className="text-sm text-stone-600">{t('credits.text')}</p>
      </section>
    </div>
  );
}

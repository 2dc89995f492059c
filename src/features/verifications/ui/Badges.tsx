import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { formatDay } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { CamelCased } from '../../../client/api/types';
import type { BadgeView } from '../verifications.schema';

export type Badge = CamelCased<BadgeView>;

/**
 * A provider's badges as the server computed them now (verifications.rules.ts): "Business checked
 * on <date>", "Insured until <date>". Nothing when there are none; the screen decides nothing.
 */
export function Badges({ badges, size = 'md' }: { badges: readonly Badge[]; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('verifications');
  if (badges.length === 0) return null;
  const language = i18n.language as Language;
  const text = size === 'sm' ? 'text-xs' : 'text-sm';
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('badges.label')}>
      {badges.map((badge) => (
        <li
          key={badge.kind}
          className={`inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-1 font-medium text-emerald-900 ${text}`}
        >
          {badge.kind === 'business_checked' ? (
            <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          )}
          {badge.kind === 'business_checked'
            ? t('badges.business_checked', { date: formatDay(badge.checkedOn, language) })
            : t('badges.insured', { date: formatDay(badge.until, language) })}
        </li>
      ))}
    </ul>
  );
}

import { Circle, ClipboardList } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../client/i18n/react';
import type { SessionUser } from '../../accounts/ui/session';

const FIELD_HASH = /^#field-[a-z_]+$/;

/**
 * "Complete your profile": what the server says a provider's profile still lacks
 * (`profile_completion.missing`, providers.rules.ts), each item a link to its field of the
 * profile form. Nothing once the profile is complete, and nothing for other roles.
 */
export function ProfileChecklist({ user }: { user: SessionUser }) {
  const { t } = useTranslation('providers');
  const { hash } = useLocation();
  const missing = user.providerProfile?.profileCompletion.missing ?? [];

  // Arriving at a field from the list (here or from another page): the field takes the focus.
  useEffect(() => {
    if (!FIELD_HASH.test(hash)) return;
    const field = document.getElementById(hash.slice(1));
    if (!field) return;
    field.focus({ preventScroll: true });
    // Its label stays in sight, clear of the sticky header.
    field.scrollIntoView({ block: 'center' });
  }, [hash]);

  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="profile-checklist-title"
      className="rounded-xl border border-brand-100 bg-brand-50 p-5"
    >
      <h2 id="profile-checklist-title" className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardList aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {t('checklist.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('checklist.text')}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
        {missing.map((item) => (
          <li key={item}>
            <Link
              to={`/profile#field-${item}`}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-800 underline"
            >
              <Circle aria-hidden="true" className="size-4 shrink-0" />
              {t(`checklist.items.${item}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

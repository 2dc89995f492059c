import { Briefcase, Hammer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../client/i18n/react';

/** New Google sign-up: client or provider (spec accounts §2 "Role selection dialog"). */
export function RoleDialog({
  email,
  busy,
  onChoose,
  onCancel,
}: {
  email: string;
  busy: boolean;
  onChoose: (role: 'client' | 'provider') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
  }, []);
  const choice =
    'flex w-full items-start gap-3 rounded-xl border border-stone-300 p-4 text-left hover:border-brand-700 hover:bg-brand-50 disabled:opacity-60';
  return (
    <dialog
      ref={ref}
      aria-labelledby="role-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id="role-title" className="text-lg font-semibold">
        {t('role.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('role.intro', { email })}</p>
      <div className="mt-5 flex flex-col gap-3">
        <button type="button" className={choice} disabled={busy} onClick={() => onChoose('client')}>
          <Briefcase aria-hidden="true" className="mt-0.5 size-6 text-brand-700" />
          <span>
            <span className="block font-semibold">{t('role.client')}</span>
            <span className="block text-sm text-stone-700">{t('role.clientText')}</span>
          </span>
        </button>
        <button
          type="button"
          className={choice}
          disabled={busy}
          onClick={() => onChoose('provider')}
        >
          <Hammer aria-hidden="true" className="mt-0.5 size-6 text-brand-700" />
          <span>
            <span className="block font-semibold">{t('role.provider')}</span>
            <span className="block text-sm text-stone-700">{t('role.providerText')}</span>
          </span>
        </button>
      </div>
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          {t('role.cancel')}
        </button>
      </div>
    </dialog>
  );
}

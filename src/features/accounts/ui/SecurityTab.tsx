import { useTranslation } from '../../../client/i18n/react';
import { useNavigate } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { LanguageSelector } from '../../../client/layout/LanguageSelector';
import { useNotify } from '../../../client/layout/Notifications';
import { changePasswordForm } from '../accounts.schema';
import { useChangePassword, useDeleteAccount, useDisableAccount } from './accounts.api';
import type { SessionUser } from './session';
import { TwoFactorSection } from './TwoFactorSection';
import { SignedInDevices } from './SignedInDevices';

function ChangePassword() {
  const { t } = useTranslation('profile');
  const { notify } = useNotify();
  const change = useChangePassword();
  const form = useForm(
    { currentPassword: '', newPassword: '', confirm: '' },
    { write: change, failKey: 'password_change_failed' },
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(changePasswordForm);
    if (!input) return;
    change.mutate(input, {
      onSuccess: () => {
        notify('success', t('password.changed'));
        form.setValues({ currentPassword: '', newPassword: '', confirm: '' });
      },
    });
  };

  return (
    <section className="card p-6" aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        {t('password.title')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 flex max-w-md flex-col gap-4">
        <ErrorSummary messages={form.messages} />
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('password.current')}
          {...form.field('currentPassword')}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('password.new')}
          hint={t('password.hint')}
          {...form.field('newPassword')}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('password.confirm')}
          {...form.field('confirm')}
        />
        <button type="submit" className="btn-primary self-start" disabled={change.isPending}>
          {t('password.submit')}
        </button>
      </form>
    </section>
  );
}

/** Language, password, account status and the danger zone (spec core §2 "Security"). */
export function SecurityTab({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const disableAccount = useDisableAccount();
  const deleteAccount = useDeleteAccount();

  /** The account is off or gone: this browser is signed out (the mutation forgot the session). */
  const leave = (message: string) => {
    notify('success', message);
    navigate('/', { replace: true });
  };

  const disable = async () => {
    const yes = await confirm({
      title: t('status.disableTitle'),
      message: t('status.disableMessage'),
      confirmLabel: t('status.disable'),
      destructive: true,
    });
    if (!yes) return;
    disableAccount.mutate(undefined, {
      onSuccess: () => leave(t('status.disabled')),
      onError: (error) => notify('error', `${t('status.disableFailed')} ${errorText(error)}`),
    });
  };

  const remove = async () => {
    const yes = await confirm({
      title: t('danger.title'),
      message: t('danger.confirmMessage'),
      confirmLabel: t('danger.delete'),
      destructive: true,
    });
    if (!yes) return;
    deleteAccount.mutate(undefined, {
      onSuccess: () => leave(t('danger.deleted')),
      onError: (error) => notify('error', `${t('danger.deleteFailed')} ${errorText(error)}`),
    });
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section className="card p-6" aria-labelledby="language-title">
        <h2 id="language-title" className="text-lg font-semibold">
          {t('language.title')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-stone-700">{t('language.text')}</p>
        <LanguageSelector id="language-profile" />
      </section>

      {user.hasPassword ? (
        <ChangePassword />
      ) : (
        <section className="card p-6">
          <h2 className="text-lg font-semibold">{t('password.title')}</h2>
          <p className="mt-1 text-sm text-stone-700">{t('password.google')}</p>
        </section>
      )}

      <TwoFactorSection role={user.role} hasPassword={user.hasPassword} />
      <SignedInDevices />

      <section className="card p-6" aria-labelledby="status-title">
        <h2 id="status-title" className="text-lg font-semibold">
          {t('status.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {t('status.current')}{' '}
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800">
            {t(`status.values.${user.accountStatus}`)}
          </span>
        </p>
        <p className="mt-3 text-sm text-stone-700">{t('status.disableText')}</p>
        <button
          type="button"
          className="btn-secondary mt-4"
          onClick={disable}
          disabled={disableAccount.isPending}
        >
          {t('status.disable')}
        </button>
      </section>

      <section
        className="rounded-xl border border-red-300 bg-red-50/50 p-6"
        aria-labelledby="danger-title"
      >
        <h2 id="danger-title" className="text-lg font-semibold text-red-800">
          {t('danger.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-800">{t('danger.text')}</p>
        <button
          type="button"
          className="btn-danger mt-4"
          onClick={remove}
          disabled={deleteAccount.isPending}
        >
          {t('danger.delete')}
        </button>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, Notice, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { disableTwoFactorForm, startEnrolmentForm, twoFactorCodeBody } from '../two-factor.schema';
import {
  useConfirmEnrolment,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartEnrolment,
  useTwoFactorStatus,
  type Enrolment,
} from './two-factor.api';

/** Recovery codes, shown this once after enrolment or renewal: the server keeps only hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="mt-4 flex flex-col gap-3">
      <Notice tone="warning">{t('twoFactor.codesText')}</Notice>
      <ul
        aria-label={t('twoFactor.codesTitle')}
        className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-secondary self-start" onClick={onDone}>
        {t('twoFactor.codesSaved')}
      </button>
    </div>
  );
}

/** Scanning the QR code (or typing the key) into an app, then proving it with the first code. */
function EnrolmentSteps({
  enrolment,
  onCodes,
  onCancel,
}: {
  enrolment: Enrolment;
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const confirm = useConfirmEnrolment();
  const form = useForm({ code: '' }, { write: confirm, failKey: 'two_factor_failed' });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(twoFactorCodeBody);
    if (input) confirm.mutate(input, { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
  };
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-stone-700">{t('twoFactor.scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        width={200}
        height={200}
        className="rounded border border-stone-200 bg-white"
      />
      <p className="text-sm text-stone-700">
        {t('twoFactor.manualKey')}{' '}
        <code data-testid="two-factor-key" className="rounded bg-stone-100 px-2 py-1 font-mono">
          {enrolment.manualKey}
        </code>
      </p>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <ErrorSummary messages={form.messages} />
        <TextField
          autoComplete="one-time-code"
          inputMode="numeric"
          label={t('twoFactor.code')}
          {...form.field('code')}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={confirm.isPending}>
            {t('twoFactor.confirm')}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** New recovery codes for a current code; turning off for the password or a current code. */
function EnabledControls({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('profile');
  const { notify } = useNotify();
  const renew = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const renewForm = useForm({ code: '' }, { write: renew, failKey: 'two_factor_failed' });
  const disableForm = useForm({ proof: '' }, { write: disable, failKey: 'two_factor_failed' });

  const submitRenew = (event: React.FormEvent) => {
    event.preventDefault();
    const input = renewForm.check(twoFactorCodeBody);
    if (!input) return;
    renew.mutate(input, {
      onSuccess: ({ recoveryCodes }) => {
        renewForm.setValues({ code: '' });
        onCodes(recoveryCodes);
      },
    });
  };
  const submitDisable = (event: React.FormEvent) => {
    event.preventDefault();
    const input = disableForm.check(disableTwoFactorForm);
    if (!input) return;
    const proof = input.proof;
    // A password always has letters (the password policy), so six digits are a code.
    const body = /^\d{3}\s?\d{3}$/.test(proof) ? { code: proof } : { password: proof };
    disable.mutate(body, { onSuccess: () => notify('success', t('twoFactor.disabled')) });
  };

  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <form onSubmit={submitRenew} noValidate className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('twoFactor.renewTitle')}</h3>
        <p className="text-sm text-stone-700">{t('twoFactor.renewText')}</p>
        <ErrorSummary messages={renewForm.messages} />
        <TextField
          autoComplete="one-time-code"
          inputMode="numeric"
          label={t('twoFactor.code')}
          {...renewForm.field('code')}
        />
        <button type="submit" className="btn-secondary self-start" disabled={renew.isPending}>
          {t('twoFactor.renew')}
        </button>
      </form>
      <form onSubmit={submitDisable} noValidate className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('twoFactor.disableTitle')}</h3>
        <p className="text-sm text-stone-700">{t('twoFactor.disableText')}</p>
        <ErrorSummary messages={disableForm.messages} />
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('twoFactor.proof')}
          {...disableForm.field('proof')}
        />
        <button type="submit" className="btn-danger self-start" disabled={disable.isPending}>
          {t('twoFactor.disable')}
        </button>
      </form>
    </div>
  );
}

/** The start: the current password first (an account signed in only with Google has none). */
function StartEnrolment({
  hasPassword,
  onStarted,
}: {
  hasPassword: boolean;
  onStarted: (enrolment: Enrolment) => void;
}) {
  const { t } = useTranslation('profile');
  const start = useStartEnrolment();
  const form = useForm({ password: '' }, { write: start, failKey: 'two_factor_failed' });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = hasPassword ? form.check(startEnrolmentForm) : {};
    if (input) start.mutate(input, { onSuccess: onStarted });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex max-w-md flex-col gap-4">
      <ErrorSummary messages={form.messages} />
      {hasPassword && (
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('twoFactor.password')}
          {...form.field('password')}
        />
      )}
      <button type="submit" className="btn-primary self-start" disabled={start.isPending}>
        {t('twoFactor.start')}
      </button>
    </form>
  );
}

/** Two-factor sign-in on the Security tab (docs/security.md "Two-factor sign-in"). */
export function TwoFactorSection({
  role,
  hasPassword,
}: {
  role: 'client' | 'provider' | 'administrator';
  hasPassword: boolean;
}) {
  const { t } = useTranslation('profile');
  const { notify } = useNotify();
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<Enrolment | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();

  return (
    <section className="card p-6" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t('twoFactor.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t(role === 'administrator' ? 'twoFactor.textAdministrator' : 'twoFactor.text')}
      </p>
      {status.data && (
        <p className="mt-3 text-sm text-stone-700">
          {status.data.enabled
            ? t('twoFactor.on', { count: status.data.recoveryCodesLeft })
            : t('twoFactor.off')}
        </p>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : enrolment && !status.data?.enabled ? (
        <EnrolmentSteps
          enrolment={enrolment}
          onCodes={(next) => {
            setEnrolment(undefined);
            setCodes(next);
            notify('success', t('twoFactor.enabled'));
          }}
          onCancel={() => setEnrolment(undefined)}
        />
      ) : status.data?.enabled ? (
        <EnabledControls onCodes={setCodes} />
      ) : (
        status.data && <StartEnrolment hasPassword={hasPassword} onStarted={setEnrolment} />
      )}
    </section>
  );
}

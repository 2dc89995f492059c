import { useTranslation } from '../../../client/i18n/react';
import { ApiError } from '../../../client/api/client';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { MathChallengeField, useChallenge } from '../../challenge/ui/MathChallenge';
import { registerClientForm, registerProviderForm } from '../accounts.schema';
import { useRegister } from './accounts.api';
import type { AuthMode } from './auth-modes';

export function RegisterForm({
  accountRole: role,
  email,
  onEmail,
  onMode,
  returnTo,
}: {
  accountRole: 'client' | 'provider';
  email: string;
  onEmail: (email: string) => void;
  onMode: (mode: AuthMode, notice?: string) => void;
  /** The page the verification link should lead back to after sign-in (already checked). */
  returnTo: string;
}) {
  const { t } = useTranslation('auth');
  const challenge = useChallenge();
  const register = useRegister(role);
  const form = useForm(
    { name: '', email, password: '', confirm: '', phone_number: '', math_answer: '' },
    { write: register, failKey: 'registration_failed' },
  );
  const emailTaken = register.error instanceof ApiError && register.error.code === 'email_exists';
  const schema = role === 'provider' ? registerProviderForm : registerClientForm;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const extra: Record<string, string> = {};
    if (!form.values.math_answer.trim()) extra.math_answer = 'challenge_required';
    const input = form.check(schema, extra);
    if (!input) return;
    register.mutate(
      {
        name: input.name,
        email: input.email,
        password: input.password,
        phoneNumber: input.phone_number,
        mathAnswer: form.values.math_answer,
        challengeToken: challenge.token,
        next: returnTo === '/' ? undefined : returnTo,
      },
      {
        onSuccess: () => {
          onEmail(input.email);
          onMode('verification-required', t('register.success'));
        },
        // Each question answers once: a refused form gets a new one and an empty answer field.
        onError: () => form.setValues((current) => ({ ...current, math_answer: '' })),
        onSettled: () => challenge.reload(),
      },
    );
  };

  const field = (name: 'name' | 'email' | 'password' | 'confirm' | 'phone_number') => ({
    name,
    value: form.values[name],
    error: form.fieldError(name),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      form.set(name, event.target.value);
      if (name === 'email') onEmail(event.target.value);
    },
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorSummary messages={form.messages} />
      {emailTaken && (
        <p className="text-sm text-stone-700">
          {t('register.emailTaken')}{' '}
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => onMode('login')}
          >
            {t('register.goToLogin')}
          </button>
        </p>
      )}
      <TextField {...field('name')} autoComplete="name" label={t('fields.name')} />
      <TextField {...field('email')} type="email" autoComplete="email" label={t('fields.email')} />
      <TextField
        {...field('phone_number')}
        type="tel"
        autoComplete="tel"
        label={role === 'provider' ? t('fields.phone') : t('fields.phoneOptional')}
        placeholder="+421 123 456 789"
        hint={t('fields.phoneHint')}
      />
      <TextField
        {...field('password')}
        type="password"
        autoComplete="new-password"
        label={t('fields.password')}
        hint={t('fields.passwordHint')}
      />
      <TextField
        {...field('confirm')}
        type="password"
        autoComplete="new-password"
        label={t('fields.confirmPassword')}
      />
      <MathChallengeField
        challenge={challenge}
        value={form.values.math_answer}
        onChange={(value) => form.set('math_answer', value)}
        error={form.fieldError('math_answer')}
      />
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={register.isPending || !challenge.token}
      >
        {register.isPending
          ? t('register.submitting')
          : t(role === 'provider' ? 'register.submitProvider' : 'register.submitClient')}
      </button>
      <div className="flex flex-col gap-2 text-center text-sm sm:flex-row sm:justify-between">
        <button
          type="button"
          className="font-medium text-brand-700 underline"
          onClick={() => onMode(role === 'provider' ? 'register-client' : 'register-provider')}
        >
          {t(role === 'provider' ? 'register.asClientInstead' : 'register.asProviderInstead')}
        </button>
        <button
          type="button"
          className="font-medium text-brand-700 underline"
          onClick={() => onMode('login')}
        >
          {t('register.haveAccount')}
        </button>
      </div>
    </form>
  );
}

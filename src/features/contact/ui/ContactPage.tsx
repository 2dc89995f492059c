import { Clock, Mail, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, Notice, TextArea, TextField } from '../../../client/components/ui/form';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useForm } from '../../../client/hooks/useForm';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { BUSINESS_HOURS } from '../../../shared/brand';
import { MathChallengeField, useChallenge } from '../../challenge/ui/MathChallenge';
import { useSession } from '../../accounts/ui/session';
import { contactBody } from '../contact.schema';
import { useSendContactMessage } from './contact.api';

export function ContactPage() {
  const { t } = useTranslation('contact');
  const { user } = useSession();
  const config = usePublicConfig();
  const supportEmail = config.data?.supportEmail ?? 'podpora@majstri.sk';
  const challenge = useChallenge();
  const send = useSendContactMessage();
  const form = useForm(
    { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '', math_answer: '' },
    // A refusal that names no field also says where else to write.
    { write: send, failText: (text) => `${text} ${t('failed', { email: supportEmail })}` },
  );
  // The success notice stays until the next message is sent, even while the next one is typed.
  const [sent, setSent] = useState(false);
  useDocumentTitle(t('title'));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSent(false);
    const extra: Record<string, string> = form.values.math_answer.trim()
      ? {}
      : { math_answer: 'challenge_required' };
    const input = form.check(contactBody, extra);
    if (!input) return;
    send.mutate(
      {
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        mathAnswer: form.values.math_answer,
        challengeToken: challenge.token,
      },
      {
        onSuccess: () => {
          setSent(true);
          form.setValues((current) => ({ ...current, subject: '', message: '', math_answer: '' }));
        },
        // Each question answers once: a refused form gets a new one and an empty answer field.
        onError: () => form.setValues((current) => ({ ...current, math_answer: '' })),
        onSettled: () => challenge.reload(),
      },
    );
  };

  return (
    <div className="container-page grid grid-cols-1 gap-8 py-10 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-3xl font-bold">
          {t('title')}
        </h1>
        <p className="mt-2 text-stone-700">{t('intro')}</p>
        <form onSubmit={submit} noValidate className="card mt-6 flex flex-col gap-4 p-6">
          {sent && <Notice tone="success">{t('sent')}</Notice>}
          <ErrorSummary messages={form.messages} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField autoComplete="name" label={t('fields.name')} {...form.field('name')} />
            <TextField
              type="email"
              autoComplete="email"
              label={t('fields.email')}
              {...form.field('email')}
            />
          </div>
          <TextField label={t('fields.subject')} {...form.field('subject')} />
          <TextArea label={t('fields.message')} {...form.field('message')} />
          <MathChallengeField
            challenge={challenge}
            value={form.values.math_answer}
            onChange={(value) => form.set('math_answer', value)}
            error={form.fieldError('math_answer')}
          />
          <button
            type="submit"
            className="btn-primary self-start"
            disabled={send.isPending || !challenge.token}
          >
            {send.isPending ? t('sending') : t('send')}
          </button>
        </form>
      </section>
      <aside className="flex flex-col gap-4" aria-label={t('aboutLabel')}>
        <section className="card p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Users aria-hidden="true" className="size-5 text-brand-700" />
            {t('about.title')}
          </h2>
          <p className="mt-2 text-stone-700">{t('about.text')}</p>
        </section>
        <section className="card p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Mail aria-hidden="true" className="size-5 text-brand-700" />
            {t('support.title')}
          </h2>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-2 inline-block font-semibold text-brand-700 underline"
          >
            {supportEmail}
          </a>
        </section>
        <section className="card p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Clock aria-hidden="true" className="size-5 text-brand-700" />
            {t('hours.title')}
          </h2>
          <p className="mt-2 text-stone-700">
            {t('hours.text', { opens: BUSINESS_HOURS.opens, closes: BUSINESS_HOURS.closes })}
          </p>
        </section>
      </aside>
    </div>
  );
}

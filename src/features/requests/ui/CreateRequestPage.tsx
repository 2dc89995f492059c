import { Check, Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useNavigate } from 'react-router';
import { ErrorSummary, Notice, TextArea, TextField } from '../../../client/components/ui/form';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { CATEGORIES } from '../../../shared/categories';
import { useSession } from '../../accounts/ui/session';
import type { PlaceView } from '../../places/places.schema';
import { PlacePicker } from '../../places/ui/PlacePicker';
import { DEFAULT_BIDDING_DAYS } from '../requests.rules';
import { workRequestForm } from '../requests.schema';
import { BiddingDaysSelect } from './BiddingDaysSelect';
import { AttachmentPicker } from './AttachmentPicker';
import { CategorySelect } from './CategorySelect';
import { useCreateRequest } from './requests.api';
import { perFileProgress } from './upload-progress';

const STEPS = ['basics', 'contact', 'attachments'] as const;
const STEP_FIELDS: Record<(typeof STEPS)[number], string[]> = {
  basics: ['title', 'category', 'description', 'bidding_days', 'deadline'],
  contact: ['place_id', 'location'],
  attachments: [],
};

/** /create: posting is free; three steps, then the new request's page (spec core §2). */
export function CreateRequestPage() {
  // The picker's texts load with the page, not when the second step first shows it.
  const { t } = useTranslation(['requests', 'categories', 'places', 'ending']);
  const { user } = useSession();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const create = useCreateRequest();
  const form = useForm(
    {
      title: '',
      category: CATEGORIES[0],
      description: '',
      bidding_days: String(DEFAULT_BIDDING_DAYS),
      deadline: '',
      // The client's usual place and its detail from their profile; they may change both here.
      place_id: user?.place ? String(user.place.id) : '',
      location: user?.location ?? '',
    },
    { write: create, failKey: 'request_create_failed' },
  );
  const [place, setPlace] = useState<PlaceView | null>(user?.place ?? null);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | undefined>();
  useDocumentTitle(t('create.title'));

  /** Checks one step's fields, showing what is wrong and the fields-required notice (spec core §8). */
  const checkStep = (index: number) => {
    const mask = Object.fromEntries(STEP_FIELDS[STEPS[index]!].map((field) => [field, true]));
    const ok = form.check(workRequestForm.pick(mask as never)) !== undefined;
    if (!ok) form.setFormError(t('create.fieldsRequired'));
    return ok;
  };

  const next = () => {
    if (checkStep(step)) setStep(step + 1);
  };

  /** Before posting, everything again; the first step with a problem is shown. */
  const checkAll = () => {
    const parsed = workRequestForm.safeParse(form.values);
    if (parsed.success) return parsed.data;
    const wrong = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const first = Math.max(
      0,
      STEPS.findIndex((name) => STEP_FIELDS[name].some((field) => wrong.has(field))),
    );
    setStep(first);
    checkStep(first);
    return undefined;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (step < STEPS.length - 1) return next();
    const input = checkAll();
    if (!input) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(input)) if (value) body.set(name, String(value));
    for (const file of files) body.append('attachments', file);
    setProgress(files.map(() => 0));
    const onProgress = (sent: number, total: number) =>
      setProgress(perFileProgress(files, sent, total));
    create.mutate(
      { body, onProgress },
      {
        onSuccess: ({ workRequest }) => {
          notify('success', t('create.success'));
          navigate(`/request/${workRequest.id}`);
        },
      },
    );
  };

  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">{t('create.title')}</h1>
      <div className="mt-4">
        <Notice tone="success">
          <span className="flex items-center gap-2">
            <Gift aria-hidden="true" className="size-4 shrink-0" />
            {t('create.free')}
          </span>
        </Notice>
      </div>
      <ol className="mt-6 grid grid-cols-3 gap-2" aria-label={t('create.stepsLabel')}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? 'step' : undefined}
            className={`flex min-w-0 flex-col items-start gap-1.5 rounded-lg border p-2 text-xs leading-tight font-medium sm:flex-row sm:items-center sm:gap-2 sm:p-3 sm:text-sm ${
              index === step
                ? 'border-brand-700 bg-brand-50 text-brand-800'
                : 'border-stone-200 bg-white text-stone-600'
            }`}
          >
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-xs ring-1 ring-current">
              {index < step ? <Check aria-hidden="true" className="size-3.5" /> : index + 1}
            </span>
            <span className="max-w-full hyphens-auto">{t(`create.steps.${name}`)}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate className="card mt-6 flex flex-col gap-5 p-6">
        <h2 className="text-xl font-semibold">{t(`create.steps.${STEPS[step]}`)}</h2>
        <ErrorSummary messages={form.messages} />
        {step === 0 && (
          <>
            <TextField label={t('create.fields.title')} {...form.field('title')} />
            <CategorySelect
              id="field-category"
              label={t('create.fields.category')}
              value={form.values.category}
              onChange={(value) => form.set('category', value)}
            />
            <TextArea
              name="description"
              label={t('create.fields.description')}
              value={form.values.description}
              maxLength={2000}
              onChange={(e) => form.set('description', e.target.value)}
              error={form.fieldError('description')}
            />
            <BiddingDaysSelect
              value={form.values.bidding_days}
              onChange={(value) => form.set('bidding_days', value)}
            />
            <TextField
              type="date"
              label={t('create.fields.deadline')}
              hint={t('create.fields.deadlineHint')}
              min={new Date().toISOString().slice(0, 10)}
              {...form.field('deadline')}
            />
          </>
        )}
        {step === 1 && (
          <>
            <p className="text-sm text-stone-700">{t('create.contactHint')}</p>
            <TextField
              name="contact_name"
              label={t('create.fields.contactName')}
              value={user?.name ?? ''}
              readOnly
            />
            <TextField
              name="contact_email"
              label={t('create.fields.contactEmail')}
              value={user?.email ?? ''}
              readOnly
            />
            <PlacePicker
              label={t('create.fields.place')}
              required
              value={place}
              onChange={(chosen) => {
                setPlace(chosen);
                form.set('place_id', chosen ? String(chosen.id) : '');
              }}
              error={form.fieldError('place_id')}
            />
            <TextField
              autoComplete="address-level3"
              label={t('create.fields.location')}
              placeholder={t('create.fields.locationPlaceholder')}
              hint={t('create.fields.locationHint')}
              {...form.field('location')}
            />
          </>
        )}
        {step === 2 && (
          <AttachmentPicker
            files={files}
            onChange={setFiles}
            progress={create.isPending ? progress : undefined}
          />
        )}
        <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setStep(step - 1)}
              disabled={create.isPending}
            >
              {t('create.back')}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {step < STEPS.length - 1
              ? t('create.next')
              : create.isPending
                ? t('create.submitting')
                : t('create.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}

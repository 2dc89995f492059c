import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, TextArea, TextField } from '../../../client/components/ui/form';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import type { Language } from '../../../shared/languages';
import { formatNumberInput } from '../../../shared/number-input';
import { CategorySelect } from '../../requests/ui/CategorySelect';
import {
  adminClientEdit,
  adminDeleteBody,
  adminProviderEdit,
  type AdminUserType,
} from '../admin.schema';
import {
  useAdminDeleteUser,
  useAdminUpdateUser,
  useAdminUser,
  type AdminUserRow,
  type ClientEditBody,
  type ProviderEditBody,
} from './admin.api';
import { AdminDialog } from './parts';

/** Spec accounts §5: the admin phone input keeps only digits, plus and spaces, at most 16. */
export const cleanAdminPhone = (value: string) => value.replace(/[^\d+ ]/g, '').slice(0, 16);

const str = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** What the users tab gives each dialog: whose account, and how to close. */
interface UserDialogProps {
  role: AdminUserType;
  user: AdminUserRow;
  onClose: () => void;
}

/** The edit dialog: the user as the server has them now, then their fields (spec accounts §2). */
export function EditUserDialog({ role, user, onClose }: UserDialogProps) {
  const { t } = useTranslation('admin');
  const fresh = useAdminUser(role, user.id);
  const current = fresh.data?.user ?? user;
  return (
    <AdminDialog
      title={t(role === 'client' ? 'edit.clientTitle' : 'edit.providerTitle', { name: user.name })}
      onClose={onClose}
    >
      {fresh.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label={t('loading')} />
        </div>
      ) : role === 'client' ? (
        <ClientForm user={current} onClose={onClose} />
      ) : (
        <ProviderForm user={current} onClose={onClose} />
      )}
    </AdminDialog>
  );
}

/** Cancel and the submit button, which shows `busyLabel` beside a spinner while the call runs. */
function DialogButtons({
  busy,
  onClose,
  submit,
  busyLabel,
  danger = false,
}: {
  busy: boolean;
  onClose: () => void;
  submit: string;
  busyLabel: string;
  /** A red submit, flush under the form's fields (the delete dialog). */
  danger?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div
      className={`${danger ? '' : 'mt-2 '}flex flex-col-reverse gap-3 sm:flex-row sm:justify-end`}
    >
      <button type="button" className="btn-secondary" onClick={onClose}>
        {t('actions.cancel')}
      </button>
      <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>
        {busy && <Spinner label={busyLabel} />}
        {submit}
      </button>
    </div>
  );
}

function ClientForm({ user, onClose }: Omit<UserDialogProps, 'role'>) {
  const { t } = useTranslation('admin');
  return (
    <EditForm
      userType="client"
      user={user}
      onClose={onClose}
      initial={{ name: user.name, phone_number: str(user.phoneNumber) }}
      toBody={(form) => {
        const body = form.check(adminClientEdit);
        return body && { ...body, phone_number: body.phone_number ?? null };
      }}
    >
      {(form) => (
        <>
          <TextField label={t('edit.name')} autoComplete="off" {...form.field('name')} />
          <PhoneField form={form} name="phone_number" label={t('edit.phone')} />
        </>
      )}
    </EditForm>
  );
}

/**
 * The frame of both edit forms: the error summary, the role's fields, Cancel and Save; saving
 * checks the fields with `toBody`, then says so and closes.
 */
function EditForm({
  userType: role,
  user,
  onClose,
  initial,
  toBody,
  children,
}: {
  userType: AdminUserType;
  user: AdminUserRow;
  onClose: () => void;
  initial: Record<string, string>;
  toBody: (form: Form) => ClientEditBody | ProviderEditBody | undefined;
  children: (form: Form) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { notify } = useNotify();
  const save = useAdminUpdateUser();
  const form = useForm<Record<string, string>>(initial, {
    write: save,
    failText: (text) => `${t('notices.updateFailed')} ${text}`,
  });
  return (
    <form
      noValidate
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const body = toBody(form);
        if (!body) return;
        save.mutate(
          { role, id: user.id, body },
          {
            onSuccess: () => {
              notify('success', t('notices.updated', { name: body.name }));
              onClose();
            },
          },
        );
      }}
    >
      <ErrorSummary messages={form.messages} />
      {children(form)}
      <DialogButtons
        busy={save.isPending}
        onClose={onClose}
        submit={t('edit.save')}
        busyLabel={t('saving')}
      />
    </form>
  );
}

type Form = ReturnType<typeof useForm<Record<string, string>>>;

function PhoneField({ form, name, label }: { form: Form; name: string; label: string }) {
  const { t } = useTranslation('admin');
  const field = form.field(name);
  return (
    <TextField
      {...field}
      type="tel"
      inputMode="tel"
      maxLength={16}
      label={label}
      hint={t('edit.phoneHint')}
      placeholder="+421 123 456 789"
      onChange={(event) => form.set(name, cleanAdminPhone(event.target.value))}
    />
  );
}

function ProviderForm({ user, onClose }: Omit<UserDialogProps, 'role'>) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language as Language;
  const p = user.provider;
  return (
    <EditForm
      userType="provider"
      user={user}
      onClose={onClose}
      initial={{
        name: user.name,
        contact_email: str(p?.contactEmail ?? user.email),
        contact_phone: str(p?.contactPhone),
        bio: str(p?.bio),
        service_category: str(p?.serviceCategory),
        location: str(p?.location),
        hourly_rate: formatNumberInput(p?.hourlyRate, language),
        experience_years: formatNumberInput(p?.experienceYears, language),
        availability: str(p?.availability),
        website: str(p?.website),
        credits: formatNumberInput(p?.credits, language),
      }}
      toBody={(form) => {
        const body = form.check(adminProviderEdit);
        return body && { ...body, contact_phone: body.contact_phone ?? null };
      }}
    >
      {(form) => (
        <>
          <TextField label={t('edit.name')} autoComplete="off" {...form.field('name')} />
          <TextField
            type="email"
            label={t('edit.contactEmail')}
            autoComplete="off"
            {...form.field('contact_email')}
          />
          <PhoneField form={form} name="contact_phone" label={t('edit.contactPhone')} />
          <TextArea label={t('edit.bio')} {...form.field('bio')} />
          <div className="flex min-w-0 flex-col gap-1">
            <CategorySelect
              id="field-service_category"
              label={t('edit.serviceCategory')}
              value={form.values.service_category ?? ''}
              onChange={(value) => form.set('service_category', value)}
              allLabel={t('edit.noCategory')}
            />
            {form.fieldError('service_category') && (
              <p className="text-sm text-red-700">{form.fieldError('service_category')}</p>
            )}
          </div>
          <TextField label={t('edit.location')} {...form.field('location')} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {/* Text, not type="number": that one drops "32,50" as empty where the browser expects a point. */}
            <TextField
              inputMode="decimal"
              label={t('edit.hourlyRate')}
              {...form.field('hourly_rate')}
            />
            <TextField
              inputMode="numeric"
              label={t('edit.experienceYears')}
              {...form.field('experience_years')}
            />
            <TextField inputMode="numeric" label={t('edit.credits')} {...form.field('credits')} />
          </div>
          <TextField label={t('edit.availability')} {...form.field('availability')} />
          <TextField type="url" label={t('edit.website')} {...form.field('website')} />
        </>
      )}
    </EditForm>
  );
}

/** Deleting a user needs a reason (3 to 500 characters) and says what goes with the account. */
export function DeleteUserDialog({ role, user, onClose }: UserDialogProps) {
  const { t } = useTranslation('admin');
  const { notify } = useNotify();
  const remove = useAdminDeleteUser();
  const form = useForm(
    { reason: '' },
    { write: remove, failText: (text) => `${t('notices.deleteFailed')} ${text}` },
  );
  return (
    <AdminDialog title={t('users.deleteTitle')} onClose={onClose}>
      <form
        noValidate
        className="mt-2 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const body = form.check(adminDeleteBody);
          if (!body) return;
          remove.mutate(
            { role, id: user.id, reason: body.reason },
            {
              onSuccess: () => {
                notify('success', t('notices.deleted', { name: user.name }));
                onClose();
              },
            },
          );
        }}
      >
        <p className="text-stone-700">
          {t(role === 'client' ? 'users.deleteClientMessage' : 'users.deleteProviderMessage', {
            name: user.name,
            email: user.email,
          })}
        </p>
        <ErrorSummary messages={form.messages} />
        <TextArea
          label={t('users.reason')}
          required
          aria-required="true"
          maxLength={500}
          {...form.field('reason')}
        />
        <DialogButtons
          danger
          busy={remove.isPending}
          onClose={onClose}
          submit={t('users.deleteConfirm')}
          busyLabel={t('deleting')}
        />
      </form>
    </AdminDialog>
  );
}

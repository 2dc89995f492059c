import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import type { PlaceView } from '../../places/places.schema';
import { PlacePicker } from '../../places/ui/PlacePicker';
import { clientProfileBody } from '../accounts.schema';
import { useUpdateProfile } from './accounts.api';
import type { SessionUser } from './session';

/**
 * A client edits name, phone and usual place with its detail line (both pre-fill new requests);
 * the email is shown read-only (spec core §2).
 */
export function ClientProfileTab({ user }: { user: SessionUser }) {
  // The picker's texts load with the tab's.
  const { t } = useTranslation(['profile', 'places']);
  const { notify } = useNotify();
  const save = useUpdateProfile();
  const [place, setPlace] = useState<PlaceView | null>(user.place);
  const form = useForm(
    {
      name: user.name,
      phone_number: user.phoneNumber ?? '',
      place_id: user.place ? String(user.place.id) : '',
      location: user.location ?? '',
    },
    { write: save, failKey: 'profile_update_failed' },
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(clientProfileBody);
    if (!input) return;
    const body = new FormData();
    body.set('name', input.name);
    body.set('phone_number', input.phone_number ?? '');
    body.set('place_id', input.place_id ? String(input.place_id) : '');
    body.set('location', input.location ?? '');
    save.mutate(body, { onSuccess: () => notify('success', t('saved')) });
  };

  return (
    <form onSubmit={submit} noValidate className="card flex max-w-xl flex-col gap-4 p-6">
      <ErrorSummary messages={form.messages} />
      <TextField autoComplete="name" label={t('fields.name')} {...form.field('name')} />
      <TextField
        name="email"
        label={t('fields.email')}
        value={user.email}
        readOnly
        hint={t('fields.emailReadOnly')}
      />
      <TextField
        type="tel"
        autoComplete="tel"
        label={t('fields.phone')}
        placeholder="+421 123 456 789"
        {...form.field('phone_number')}
      />
      <PlacePicker
        label={t('fields.place')}
        hint={t('fields.placeHint')}
        value={place}
        onChange={(chosen) => {
          setPlace(chosen);
          form.set('place_id', chosen ? String(chosen.id) : '');
        }}
        error={form.fieldError('place_id')}
      />
      <TextField
        autoComplete="address-level3"
        label={t('fields.location')}
        hint={t('fields.locationHint')}
        {...form.field('location')}
      />
      <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
        {t('save')}
      </button>
    </form>
  );
}

import { Coins, MapPinned } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, TextArea, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { useUpdateProfile } from '../../accounts/ui/accounts.api';
import type { SessionUser } from '../../accounts/ui/session';
import { CategorySelect } from '../../requests/ui/CategorySelect';
import type { Category } from '../../../shared/categories';
import type { Language } from '../../../shared/languages';
import type { PlaceView } from '../../places/places.schema';
import { formatNumberInput } from '../../../shared/number-input';
import { providerProfileBody } from '../providers.schema';
import { ProfilePictureField } from './ProfilePictureField';
import { jobsForMePath } from '../jobs-for-me';
import { ServiceAreaFields } from './ServiceAreaFields';
import { WorkPhotosEditor } from './WorkPhotosEditor';
import { VerificationSection } from '../../verifications/ui/VerificationSection';

/** The provider's public profile, picture and credits (spec core §2 "Profile, provider"). */
export function ProviderProfileTab({ user }: { user: SessionUser }) {
  // The picker's texts load with the tab's.
  const { t, i18n } = useTranslation([
    'providers',
    'profile',
    'common',
    'places',
    'showcase',
    'verifications',
  ]);
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const save = useUpdateProfile();
  const p = user.providerProfile;
  const form = useForm(
    {
      name: user.name,
      contact_email: p?.contactEmail ?? user.email,
      contact_phone: p?.contactPhone ?? '',
      bio: p?.bio ?? '',
      service_category: p?.serviceCategory ?? '',
      location: p?.location ?? '',
      hourly_rate: formatNumberInput(p?.hourlyRate, language),
      experience_years: formatNumberInput(p?.experienceYears, language),
      availability: p?.availability ?? '',
      website: p?.website ?? '',
      ico: p?.ico ?? '',
      place_id: p?.place ? String(p.place.id) : '',
      service_radius_km: p?.serviceRadiusKm ? String(p.serviceRadiusKm) : '',
      // The codes apart by commas, as the form sends them (providers.schema.ts).
      service_categories: (p?.serviceCategories ?? []).join(','),
    },
    { write: save, failKey: 'profile_update_failed' },
  );
  const [picture, setPicture] = useState<File | undefined>();
  const [place, setPlace] = useState<PlaceView | null>(p?.place ?? null);
  const jobsForMe = jobsForMePath(p);
  const categories = form.values.service_categories.split(',').filter(Boolean) as Category[];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(providerProfileBody);
    if (!input) return;
    // The fields go as typed ("32,50", "elektro-test.sk"): the server reads them by the same schema.
    const body = new FormData();
    for (const [name, value] of Object.entries(form.values)) body.set(name, value);
    if (picture) body.set('profile_picture', picture);
    save.mutate(body, {
      onSuccess: () => {
        setPicture(undefined);
        // The address as saved, with the https:// the schema added to a bare domain.
        form.setValues((values) => ({ ...values, website: input.website ?? '' }));
        notify('success', t('profile:saved'));
      },
    });
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
      <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-6">
        <ErrorSummary messages={form.messages} />
        <ProfilePictureField
          savedUrl={p?.profilePictureUrl}
          name={user.name}
          picture={picture}
          onChange={setPicture}
        />
        <TextField {...form.field('name')} label={t('edit.name')} autoComplete="name" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField {...form.field('contact_email')} type="email" label={t('edit.contactEmail')} />
          <TextField
            {...form.field('contact_phone')}
            type="tel"
            label={t('edit.contactPhone')}
            placeholder="+421 123 456 789"
          />
        </div>
        <CategorySelect
          id="field-service_category"
          label={t('edit.category')}
          value={form.values.service_category}
          onChange={(value) => form.set('service_category', value)}
          allLabel={t('edit.noCategory')}
        />
        <ServiceAreaFields
          place={place}
          onPlace={(chosen) => {
            setPlace(chosen);
            form.set('place_id', chosen ? String(chosen.id) : '');
          }}
          radius={form.values.service_radius_km}
          onRadius={(radius) => form.set('service_radius_km', radius)}
          categories={categories}
          onCategories={(codes) => form.set('service_categories', codes.join(','))}
          trade={(form.values.service_category || null) as Category | null}
          placeError={form.fieldError('place_id')}
          categoriesError={form.fieldError('service_categories')}
          detail={<TextField {...form.field('location')} label={t('edit.location')} />}
        />
        <TextArea {...form.field('bio')} label={t('edit.bio')} maxLength={2000} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...form.field('hourly_rate')}
            inputMode="decimal"
            label={t('edit.hourlyRate')}
          />
          <TextField
            {...form.field('experience_years')}
            inputMode="numeric"
            label={t('edit.experience')}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField {...form.field('availability')} label={t('edit.availability')} />
          <TextField {...form.field('website')} type="url" label={t('edit.website')} />
        </div>
        <TextField
          {...form.field('ico')}
          inputMode="numeric"
          autoComplete="off"
          label={t('verifications:section.icoLabel')}
        />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('profile:save')}
          </button>
          {/* The saved service area's jobs (issue 31 "Jobs for me"), at every width. */}
          {jobsForMe && (
            <Link
              to={jobsForMe}
              className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-800 underline"
            >
              <MapPinned aria-hidden="true" className="size-4 shrink-0" />
              {t('common:nav.jobsForMe')}
            </Link>
          )}
        </div>
      </form>
      <section className="card flex h-fit flex-col gap-2 p-6" aria-labelledby="credits-title">
        <h2 id="credits-title" className="flex items-center gap-2 font-semibold">
          <Coins aria-hidden="true" className="size-5 text-accent-700" />
          {t('profile:credits.title')}
        </h2>
        <p className="text-3xl font-bold text-brand-800">{p?.credits ?? 0}</p>
        <p className="text-sm text-stone-600">{t('profile:credits.text')}</p>
      </section>
      <WorkPhotosEditor providerId={user.id} />
      <div className="lg:col-span-2">
        <VerificationSection />
      </div>
    </div>
  );
}

import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { ESSENTIAL_TYPES, type NotificationType } from '../../../shared/notification-types';
import type { Role } from '../../../shared/statuses';
import { TYPE_GROUPS, groupsFor } from './preference-groups';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type Channels,
} from './notifications.api';

function TypeChoice({
  type,
  channels,
  disabled,
  onChange,
}: {
  type: NotificationType;
  channels: Channels;
  disabled: boolean;
  onChange: (channel: keyof Channels, on: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const essential = ESSENTIAL_TYPES.includes(type);
  return (
    <fieldset className="py-3">
      <legend className="float-left w-full font-medium">{t(`settings.types.${type}`)}</legend>
      <div className="clear-left flex flex-wrap gap-x-5 gap-y-1 pt-2">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            className="size-5"
            checked={essential || channels.email}
            disabled={essential || disabled}
            onChange={(event) => onChange('email', event.target.checked)}
          />
          <span>
            {t('settings.email')}
            {essential && (
              <span className="text-sm text-stone-600"> ({t('settings.alwaysOn')})</span>
            )}
          </span>
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            className="size-5"
            checked={channels.push}
            disabled={disabled}
            onChange={(event) => onChange('push', event.target.checked)}
          />
          <span>{t('settings.push')}</span>
        </label>
      </div>
    </fieldset>
  );
}

/**
 * Per kind of notification, whether it also comes by mail and to the person's devices (the
 * inbox always has it). Mail about the account's security is shown on and cannot be turned off
 * (spec: essential mail only). This replaces the one "bid e-mails" switch of before: a client's
 * "new bid" and a provider's "bid accepted" mails are two of these.
 */
export function ChannelChoices({ role }: { role: Role }) {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const { notify } = useNotify();
  const errorText = useApiErrorText();

  const change =
    (type: NotificationType, current: Channels) => (channel: keyof Channels, on: boolean) =>
      save.mutate(
        { type, channels: { ...current, [channel]: on } },
        {
          onSuccess: () => notify('success', t('settings.saved')),
          onError: (error) => notify('error', errorText(error)),
        },
      );

  return (
    <section className="card p-4 sm:p-6" aria-labelledby="channels-title">
      <h2 id="channels-title" className="text-lg font-semibold">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('settings.text')}</p>
      {preferences.isPending ? (
        <div className="mt-4 min-h-64">
          <Spinner label={t('settings.loading')} />
        </div>
      ) : preferences.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {errorText(preferences.error)}
        </p>
      ) : (
        groupsFor(role).map((group) => (
          <div key={group} className="mt-6">
            <h3 className="font-semibold text-stone-900">{t(`settings.groups.${group}`)}</h3>
            {group === 'account' && (
              <p className="mt-1 text-sm text-stone-700">{t('settings.essential')}</p>
            )}
            <div className="divide-y divide-stone-200">
              {TYPE_GROUPS[group].map((type) => (
                <TypeChoice
                  key={type}
                  type={type}
                  channels={preferences.data[type]}
                  disabled={save.isPending}
                  onChange={change(type, preferences.data[type])}
                />
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

import { Monitor } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import {
  useEndDevice,
  useSignOutOtherDevices,
  useSignedInDevices,
  type Device,
} from './accounts.api';

/** "Firefox on Linux", or what is known of it. */
function useDeviceName() {
  const { t } = useTranslation('profile');
  return (device: Device) => {
    if (device.browser && device.os)
      return t('devices.browserOn', { browser: device.browser, os: device.os });
    return device.browser ?? device.os ?? t('devices.unknown');
  };
}

/** The person's live sessions, with "sign out" for each other one and for all the others. */
export function SignedInDevices() {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const devices = useSignedInDevices();
  const endDevice = useEndDevice();
  const signOutOthers = useSignOutOtherDevices();
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const nameOf = useDeviceName();
  const list = devices.data ?? [];
  const others = list.filter((device) => !device.current).length;

  const endOne = (device: Device) =>
    endDevice.mutate(device, {
      onSuccess: () => notify('success', t('devices.ended', { device: nameOf(device) })),
      onError: (error) => notify('error', errorText(error)),
    });

  const endOthers = async () => {
    const yes = await confirm({
      title: t('devices.othersTitle'),
      message: t('devices.othersMessage'),
      confirmLabel: t('devices.signOutOthers'),
      destructive: true,
    });
    if (!yes) return;
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) => notify('success', t('devices.othersEnded', { count: ended })),
      onError: (error) => notify('error', errorText(error)),
    });
  };

  return (
    <section className="card p-6" aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-lg font-semibold">
        {t('devices.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('devices.text')}</p>
      {devices.isPending ? (
        <div className="mt-4">
          <Spinner label={t('devices.loading')} />
        </div>
      ) : devices.isError ? (
        <p className="mt-4 text-sm text-red-800" role="alert">
          {errorText(devices.error)}
        </p>
      ) : (
        <ul
          className="mt-4 flex flex-col divide-y divide-stone-200"
          aria-label={t('devices.title')}
        >
          {list.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3">
              <Monitor aria-hidden="true" className="size-5 text-stone-500" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {nameOf(device)}
                  {device.current && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('devices.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  {t('devices.times', {
                    signedIn: formatDate(device.signedInAt, language),
                    lastSeen: formatDate(device.lastSeenAt, language),
                  })}
                </p>
              </div>
              {!device.current && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => endOne(device)}
                  disabled={endDevice.isPending}
                  aria-label={t('devices.signOutOne', { device: nameOf(device) })}
                >
                  {t('devices.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <button
          type="button"
          className="btn-secondary mt-4"
          onClick={endOthers}
          disabled={signOutOthers.isPending}
        >
          {t('devices.signOutOthers')}
        </button>
      )}
    </section>
  );
}

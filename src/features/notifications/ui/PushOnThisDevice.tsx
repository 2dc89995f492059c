import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Notice } from '../../../client/components/ui/form';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import {
  usePushDevices,
  usePushHere,
  useRemovePushDevice,
  useTurnOffPushHere,
  useTurnOnPush,
  type PushDevice,
} from './push.api';
import {
  PushRefusal,
  askPermission,
  deviceMark,
  pushPermission,
  pushSupported,
} from './push-device';

/** The person's devices that get push, each with "remove"; this browser's is marked. */
function PushDevices({ thisDeviceId }: { thisDeviceId: string | undefined }) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.language as Language;
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const turnOffHere = useTurnOffPushHere();
  const { notify } = useNotify();
  const errorText = useApiErrorText();

  const nameOf = (device: PushDevice) => device.device || t('push.unknownDevice');
  const removeOne = (device: PushDevice) => {
    const done = {
      onSuccess: () => notify('success', t('push.removed', { device: nameOf(device) })),
      onError: (error: unknown) => notify('error', errorText(error)),
    };
    // This browser's own: the browser forgets its subscription too.
    if (device.id === thisDeviceId) turnOffHere.mutate(undefined, done);
    else remove.mutate(device, done);
  };

  return (
    <div className="mt-6">
      <h3 className="font-semibold text-stone-900">{t('push.devicesTitle')}</h3>
      {devices.isPending ? (
        <div className="mt-3">
          <Spinner label={t('push.devicesLoading')} />
        </div>
      ) : devices.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorText(devices.error)}
        </p>
      ) : devices.data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t('push.devicesEmpty')}</p>
      ) : (
        <ul
          className="mt-2 flex flex-col divide-y divide-stone-200"
          aria-label={t('push.devicesTitle')}
        >
          {devices.data.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3">
              <Smartphone aria-hidden="true" className="size-5 text-stone-500" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {nameOf(device)}
                  {device.id === thisDeviceId && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('push.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  {t('push.since', { date: formatDate(device.createdAt, language) })}
                  {device.lastPushedAt &&
                    ` · ${t('push.lastPushed', { date: formatDate(device.lastPushedAt, language) })}`}
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => removeOne(device)}
                disabled={remove.isPending || turnOffHere.isPending}
                aria-label={t('push.removeLabel', { device: nameOf(device) })}
              >
                {t('push.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * "Push on this device" (issue 29 §3): turn it on here (the browser asks for permission on the
 * click), off here, and the list of the person's devices. A browser that cannot, or a permission
 * the person refused, is said plainly, with what to do.
 */
export function PushOnThisDevice() {
  const { t } = useTranslation('notifications');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const supported = pushSupported();
  const [permission, setPermission] = useState(pushPermission);
  const here = usePushHere();
  const devices = usePushDevices();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPushHere();

  const mark = deviceMark.get();
  const thisDevice = devices.data?.find((device) => device.id === mark);
  const onHere = Boolean(here.data && thisDevice);
  const busy = turnOn.isPending || turnOff.isPending;

  const start = () => {
    // Asked in the click itself: browsers show the question only then.
    const answer = askPermission();
    turnOn.mutate(answer, {
      onSuccess: () => notify('success', t('push.turnedOn')),
      onError: (error) =>
        notify(
          'error',
          error instanceof PushRefusal ? t(`push.${error.reason}`) : errorText(error),
        ),
      onSettled: () => setPermission(pushPermission()),
    });
  };
  const stop = () =>
    turnOff.mutate(undefined, { onSuccess: () => notify('success', t('push.turnedOff')) });

  return (
    <section className="card p-4 sm:p-6" aria-labelledby="push-title">
      <h2 id="push-title" className="text-lg font-semibold">
        {t('push.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('push.text')}</p>
      <div className="mt-4">
        {!supported ? (
          <Notice tone="warning">{t('push.unsupported')}</Notice>
        ) : permission === 'denied' && !onHere ? (
          <Notice tone="warning">{t('push.denied')}</Notice>
        ) : here.isPending || devices.isPending ? (
          <Spinner label={t('push.devicesLoading')} />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex flex-1 items-center gap-2 font-medium" role="status">
              {onHere ? (
                <BellRing aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              ) : (
                <BellOff aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
              )}
              {t(onHere ? 'push.on' : 'push.off')}
            </p>
            {onHere ? (
              <button type="button" className="btn-secondary" onClick={stop} disabled={busy}>
                {t('push.turnOff')}
              </button>
            ) : (
              <button type="button" className="btn-primary" onClick={start} disabled={busy}>
                {t('push.turnOn')}
              </button>
            )}
          </div>
        )}
      </div>
      <PushDevices thisDeviceId={thisDevice?.id} />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { PushDeviceView } from '../push.schema';
import { pushKeys } from './notification-cache';
import {
  currentSubscription,
  deviceMark,
  endPushHere,
  pushSupported,
  subscribeThisBrowser,
  subscriptionBody,
} from './push-device';

export type PushDevice = CamelCased<PushDeviceView>;

const fetchKey = async () => (await api<{ publicKey: string }>('/push/key')).publicKey;

/** The devices that get the person's push, newest first. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushKeys.devices(),
    queryFn: async () =>
      (await api<{ subscriptions: PushDevice[] }>('/push/subscriptions')).subscriptions,
  });
}

/** This browser's own subscription's endpoint, or null: what "push on this device" depends on. */
export function usePushHere() {
  return useQuery({
    queryKey: pushKeys.here(),
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: pushSupported(),
    staleTime: Infinity,
  });
}

function useRefreshPush() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pushKeys.devices() }),
      queryClient.invalidateQueries({ queryKey: pushKeys.here() }),
    ]);
}

/**
 * Turns push on here: the browser's permission (asked by the caller, on the click), the worker,
 * a subscription with the server's key, and the server told of it.
 */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  const onSettled = useRefreshPush();
  return useMutation({
    mutationFn: async (permission: Promise<NotificationPermission>) => {
      const subscription = await subscribeThisBrowser(permission, () =>
        queryClient.fetchQuery({
          queryKey: pushKeys.key(),
          queryFn: fetchKey,
          staleTime: Infinity,
        }),
      );
      const answer = await api<{ subscription?: PushDevice } | undefined>('/push/subscriptions', {
        method: 'POST',
        body: subscriptionBody(subscription),
        rawBody: true,
      });
      deviceMark.set(answer?.subscription?.id ?? null);
    },
    onSettled,
  });
}

/** Turns push off here: the server forgets this browser, and the browser its subscription. */
export function useTurnOffPushHere() {
  const onSettled = useRefreshPush();
  return useMutation({ mutationFn: endPushHere, onSettled });
}

/** Stops push to one device of the list (another phone, an old browser). */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<PushDevice, 'id'>) =>
      api(`/push/subscriptions/${encodeURIComponent(device.id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices() }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import { snakeizeKeys } from '../../../shared/case';
import {
  NOTIFICATION_TYPES,
  isNotificationType,
  type NotificationType,
} from '../../../shared/notification-types';
import { channelsOf } from '../notifications.rules';
import type { ChannelChoice as Channels } from '../preferences.schema';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationKeys,
  unreadAmong,
  withRead,
  type NotificationPage,
  type ReadInput,
} from './notification-cache';

export type { Notification, NotificationPage } from './notification-cache';

/**
 * A page of the inbox, newest first, with the person's unread count. The bell reads the first
 * page too, so opening the inbox shows it at once; the previous page stays while the next loads.
 */
export function useNotificationsPage(page: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) =>
      api<NotificationPage>(`/notifications?page=${page}&limit=${NOTIFICATIONS_PAGE_SIZE}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Marks notifications (or all) as read. The pages on screen show it at once; the server's count
 * then replaces the guess, and the inbox is fetched again to agree with it.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const pagesKey = { queryKey: notificationKeys.pages() };
  return useMutation({
    mutationFn: (input: ReadInput) =>
      api<{ unreadCount: number }>('/notifications/read', { method: 'POST', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries(pagesKey);
      const cached = queryClient.getQueriesData<NotificationPage>(pagesKey).map(([, page]) => page);
      const newlyRead = unreadAmong(cached, input);
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>(
        pagesKey,
        (page) => page && withRead(page, input, readAt, { newlyRead }),
      );
    },
    onSuccess: ({ unreadCount }, input) => {
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>(
        pagesKey,
        (page) => page && withRead(page, input, readAt, { unreadCount }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export type { ChannelChoice as Channels } from '../preferences.schema';
export type Preferences = Record<NotificationType, Channels>;

/**
 * Every type's channels from the server's answer, by the feature's one rule (a type it does not
 * list is on for both, and security mail is always on). The answer's keys are the types' own
 * snake_case names, which the browser's client camelCases: undone here.
 */
export function completePreferences(answer: Record<string, unknown> | undefined): Preferences {
  const given = new Map<string, Partial<Channels>>();
  for (const [key, value] of Object.entries(snakeizeKeys(answer ?? {}) as object)) {
    if (isNotificationType(key) && value && typeof value === 'object')
      given.set(key, value as Partial<Channels>);
  }
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const stored = given.get(type);
      return [
        type,
        channelsOf(type, stored && { email: stored.email !== false, push: stored.push !== false }),
      ];
    }),
  ) as Preferences;
}

const fetchPreferences = async () =>
  completePreferences(
    (await api<{ preferences: Record<string, unknown> }>('/users/notification-preferences'))
      .preferences,
  );

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: fetchPreferences });
}

/**
 * Saves one type's channels (the server keeps the others). The switch moves at once; a refusal
 * puts it back (the caller says why), and the server's answer, every type, is what stays.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences();
  return useMutation({
    mutationFn: async ({ type, channels }: { type: NotificationType; channels: Channels }) => {
      const answer = await api<{ preferences: Record<string, unknown> }>(
        '/users/notification-preferences',
        { method: 'PUT', body: { preferences: { [type]: channels } } },
      );
      return completePreferences(answer.preferences);
    },
    onMutate: async ({ type, channels }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, { ...before, [type]: channels });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

import {
  ESSENTIAL_TYPES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../shared/notification-types';

export interface Channels {
  email: boolean;
  push: boolean;
}

/**
 * Which channels carry a type for a person, from what they stored (none stored: both on). The
 * in-app inbox always does; mail about account security always does too (spec: essential mail).
 */
export function channelsFor(type: NotificationType, stored?: Channels): Channels {
  return {
    email: ESSENTIAL_TYPES.includes(type) ? true : (stored?.email ?? true),
    push: stored?.push ?? true,
  };
}

/** Every type with its channels, as the preferences screen and the wire show them. */
export function allChannels(stored: readonly ({ type: string } & Channels)[]) {
  const byType = new Map(stored.map((row) => [row.type, row]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, channelsFor(type, byType.get(type))]),
  ) as Record<NotificationType, Channels>;
}

/** The first type whose essential mail a change would turn off, if any. */
export const essentialTurnedOff = (preferences: Partial<Record<NotificationType, Channels>>) =>
  ESSENTIAL_TYPES.find((type) => preferences[type]?.email === false);

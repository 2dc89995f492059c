import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../../shared/notification-types';

/**
 * A person's choice of channels per notification type (docs/notifications.md "Preferences"). The
 * in-app inbox is always on, so it is no choice; mail about account security (ESSENTIAL_TYPES)
 * cannot be turned off.
 */
export const channelChoice = z.strictObject({ email: z.boolean(), push: z.boolean() });
export type ChannelChoice = z.infer<typeof channelChoice>;

const types = z.enum(NOTIFICATION_TYPES, { message: 'choice_invalid' });

/** Every type, each with its channels. */
export const preferencesResponse = z.object({
  preferences: z.record(types, channelChoice),
});
export type NotificationPreferences = z.infer<typeof preferencesResponse>['preferences'];

/** The types to change (any of them, at least one); the others keep their choice. */
export const preferencesBody = z.strictObject({
  preferences: z
    .partialRecord(types, channelChoice)
    .refine((changes) => Object.keys(changes).length > 0, { message: 'choice_invalid' }),
});

import type { TFunction } from '../../../client/i18n/react';
import type { Conversation, ConversationSummary } from './conversation-cache';

/**
 * The other person's name, or what they are: before the hire a client's name is a contact
 * detail of theirs, and the server sends none (`other.name` null). `t` is the `conversations`
 * namespace's.
 */
export const otherNameOf = (
  conversation: Pick<Conversation | ConversationSummary, 'other'>,
  t: TFunction,
): string => conversation.other.name ?? t(`person.${conversation.other.role}`);

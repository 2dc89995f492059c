import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';

/**
 * Inviting a provider to bid (docs/invitations.md): the wire contract of the dialog's list and
 * of the invitation, shared by the server and the screens.
 */

/** Why a request cannot invite this provider (requests/invitations.rules.ts). */
export const INVITATION_REFUSALS = [
  'client_only',
  'request_not_found',
  'insufficient_permissions',
  'request_not_open',
  'provider_unavailable',
  'category_mismatch',
  'already_invited',
  'already_bid',
  'invitation_limit_reached',
] as const;

/** What a client does with a provider from their page or the directory. */
export const PROVIDER_CLIENT_ACTIONS = ['invite_to_bid', 'favourite'] as const;
export type ProviderClientAction = (typeof PROVIDER_CLIENT_ACTIONS)[number];

export const inviteBody = z.object({ work_request_id: z.uuid() });
export type InviteBody = z.infer<typeof inviteBody>;

export const invitationResponse = z.object({
  invitation: z.object({
    work_request_id: z.uuid(),
    provider_id: z.uuid(),
    invited_at: z.iso.datetime(),
    /** The request's invitations, this one included. */
    invited_count: z.number().int().min(1),
  }),
});
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** One of the client's open requests in the dialog: may it invite this provider, and if not, why. */
export const invitableRequest = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  created_at: z.iso.datetime(),
  bids_until: z.iso.datetime(),
  invited: z.boolean(),
  invited_count: z.number().int().min(0),
  /** Null: the provider may be invited to it now. */
  refusal: z.enum(INVITATION_REFUSALS).nullable(),
});

export const invitableRequestsResponse = z.object({
  requests: z.array(invitableRequest),
  /** Invitations a request may send at most. */
  max_invitations: z.number().int(),
});
export type InvitableRequestsResponse = z.infer<typeof invitableRequestsResponse>;

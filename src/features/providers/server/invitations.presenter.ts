import type { invitableRequests } from '../../requests/server';

type InvitableRow = Awaited<ReturnType<typeof invitableRequests>>[number];

/** One of the client's open requests in the invitation dialog. */
export const presentInvitableRequest = ({
  row,
  invitedCount,
  alreadyInvited,
  refusal,
}: InvitableRow) => ({
  id: row.id,
  title: row.title,
  category: row.category,
  created_at: row.createdAt.toISOString(),
  bids_until: row.bidsUntil.toISOString(),
  invited: alreadyInvited,
  invited_count: invitedCount,
  refusal,
});

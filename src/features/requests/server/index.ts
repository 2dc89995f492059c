/**
 * What other features may use of requests with their bids and hires: the lifecycle calls and reads.
 * Its tables are join targets through `tables.ts` (read only; every change goes through here).
 */
import type { ServerContext } from '../../../server/context';
import type { Actor } from '../../../shared/actor';
import type { Language } from '../../../shared/languages';
import type { WorkRequestDetail } from '../requests.schema';
import { presentDetail } from './requests.presenter';
import { viewRequest } from './requests.service';

export { lockRequestFacts, readOpenableRequestFacts, readRequestFacts } from './requests.service';
export {
  announceRequestsOfLeavingClient,
  completedJobsOf,
  hiresOf,
  releaseHiresOf,
} from './hires.service';
export { storedKeysOfClient } from './attachments.repo';
export { countOpenRequestsSince, markRequestReviewed } from './requests.repo';
export { hasBidOn } from './bids.repo';
export { invitableRequests, inviteProvider } from './invitations.service';
export { invitedProviderIds } from './invitations.repo';
export { pricedBidOf } from './bid-prices.service';
export { readForm, type CheckedFile } from './uploads';
export { completionFor, resolveDispute } from './completion.service';
export { presentCompletion } from './completion.presenter';
export { disputedRequests } from './completion.repo';
export { sendUpload } from './file-download';
export { presentPagination, roundedKm } from './requests.presenter';

/**
 * One request presented for this viewer exactly as `GET /api/work-requests/:id` answers it
 * (contact fields by the rules, `allowed_actions`): for screens of other features, such as the
 * administration console's request page.
 */
export async function requestDetailFor(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
  language: Language,
): Promise<WorkRequestDetail> {
  const { found, actions } = await viewRequest(ctx, viewer, id);
  return presentDetail(found, viewer, actions, language);
}

/**
 * What other features may use of requests: the lifecycle service calls, and the `work_requests`
 * table as a join target for titles and states (read only; every change goes through the service).
 */
import { and, count, eq, gte } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import type { Actor } from '../../../shared/actor';
import type { WorkRequestDetail } from '../requests.schema';
import { presentDetail } from './requests.presenter';
import { viewRequest } from './requests.service';
import { workRequests } from './requests.table';

export {
  assignRequest,
  attachmentKeysOfClient,
  completedJobsOf,
  hiresOf,
  lockRequestFacts,
  readOpenableRequestFacts,
  readRequestFacts,
  releaseHiresOf,
  tellClientsOfReleasedHires,
} from './requests.service';
export { workRequests } from './requests.table';

/**
 * One request presented for this viewer exactly as `GET /api/work-requests/:id` answers it
 * (contact fields by the rules, `allowed_actions`): for screens of other features, such as the
 * administration console's request page.
 */
export async function requestDetailFor(
  ctx: ServerContext,
  viewer: Actor,
  id: string,
): Promise<WorkRequestDetail> {
  const { found, actions } = await viewRequest(ctx, viewer, id);
  return presentDetail(found, viewer, actions);
}

/** Open requests listed in browse (their client active) posted at or after `since`. */
export async function countOpenRequestsSince(db: Db, since: Date) {
  const [row] = await db
    .select({ total: count() })
    .from(workRequests)
    .where(
      and(
        eq(workRequests.status, 'OPEN'),
        eq(workRequests.clientActive, true),
        gte(workRequests.createdAt, since),
      ),
    );
  return row?.total ?? 0;
}

import type { Db } from '../../../server/db/database';
import type { SessionUser } from '../../accounts/server/sessions';
import { hiredRequests } from './providers.repo';

/**
 * The provider's email, phone and website (spec core §4, issue rule 3): administrators, the
 * provider themself, and a client whose request this provider won (assigned or completed).
 */
export async function canSeeProviderContact(
  db: Db,
  viewer: SessionUser | undefined,
  providerId: string,
) {
  if (!viewer) return false;
  if (viewer.role === 'administrator' || viewer.id === providerId) return true;
  if (viewer.role !== 'client') return false;
  return (await hiredRequests(db, viewer.id, providerId)).length > 0;
}

import type { SessionUser } from '../../accounts/server/sessions';
import type { WorkRequestStatus } from '../../../shared/statuses';

interface RequestFacts {
  clientId: string;
  status: WorkRequestStatus;
  /** The provider whose bid was accepted, if any. */
  acceptedProviderId: string | null;
}

export const isOwner = (viewer: SessionUser, request: RequestFacts) =>
  viewer.id === request.clientId;

/**
 * The client's contact name and email: the owner, administrators, and, once a bid is accepted,
 * the winning provider (spec core §4 "Contact visibility").
 */
export function canSeeClientContact(viewer: SessionUser, request: RequestFacts): boolean {
  if (viewer.role === 'administrator' || isOwner(viewer, request)) return true;
  return (
    request.acceptedProviderId === viewer.id &&
    (request.status === 'ASSIGNED' || request.status === 'COMPLETED')
  );
}

/** The owner while the request is open (spec core §4); an administrator at any time. */
export function canDeleteRequest(viewer: SessionUser, request: RequestFacts): boolean {
  if (viewer.role === 'administrator') return true;
  return isOwner(viewer, request) && request.status === 'OPEN';
}

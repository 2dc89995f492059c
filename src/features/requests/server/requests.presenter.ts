import type { Actor } from '../../../shared/actor';
import type { Language } from '../../../shared/languages';
import { findPlace, placeName, presentPlace } from '../../places/server';

type PlaceRow = NonNullable<Awaited<ReturnType<typeof findPlace>>>;
import { displayFilename } from '../attachments.rules';
import { canSeeClientContact, isRequestOwner, type RequestAction } from '../requests.rules';
import type { AttachmentInfo, WorkRequestCard, WorkRequestDetail } from '../requests.schema';
import type { FoundRequest } from './requests.repo';
import { MAX_ESTIMATED_PAGES } from './search/counted';

/** Where a card's preview is served: its own route, never the attachment's download. */
export const thumbnailUrl = (workRequestId: string, attachmentId: string) =>
  `/api/work-requests/${workRequestId}/attachments/${attachmentId}/thumbnail`;

/**
 * An instant on the wire: ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it.
 * The list's own reads get it so from PostgreSQL already (requests.repo.ts `cardRow`).
 */
const instant = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

function presentSummary(row: {
  id: string;
  title: string;
  description: string;
  category: WorkRequestCard['category'];
  location: string;
  status: WorkRequestCard['status'];
  createdAt: Date | string;
}) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    location: row.location,
    status: row.status,
    created_at: instant(row.createdAt),
  };
}

export function presentCard(
  row: Parameters<typeof presentSummary>[0] & {
    bidCount: number;
    deadline: string | null;
    thumbnailId: string | null;
    bidsUntil: string;
    placeId: number | null;
    /** Only in a list around a place. */
    distanceKm?: number;
  },
  language: Language,
): WorkRequestCard {
  // One literal with every field, not the summary extended or spread: adding fields to a
  // finished object (Object.assign) cost the server about 15 µs more per page of 100 cards
  // (perf, Node 20). The summary's fields, in its order, then the card's own.
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    location: row.location,
    status: row.status,
    created_at: instant(row.createdAt),
    bid_count: row.bidCount,
    deadline: row.deadline,
    thumbnail_url: row.thumbnailId ? thumbnailUrl(row.id, row.thumbnailId) : null,
    distance_km: row.distanceKm === undefined ? null : roundedKm(row.distanceKm),
    place_name: placeNameOf(row.placeId, language, row.location),
    bids_until: row.bidsUntil,
  };
}

/** The name of a card's place beside its detail line (`placeName`); null without a place. */
function placeNameOf(id: number | null, language: Language, detail: string) {
  const place = id === null ? undefined : findPlace(id);
  return place ? placeName(place, language, detail) : null;
}

/** A distance as cards and the directory show it: to one decimal of a kilometre. */
export const roundedKm = (km: number) => Math.round(km * 10) / 10;

/**
 * With `more` (more than `total` matches, not counted further), paging goes one page past the
 * counted matches and past the page shown, up to MAX_ESTIMATED_PAGES.
 */
export function presentPagination(page: number, limit: number, total: number, more: boolean) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    total_pages: more
      ? Math.min(Math.max(Math.ceil((total + 1) / limit), page + 1), MAX_ESTIMATED_PAGES)
      : pages,
    total,
    total_estimated: more,
  };
}

/** A page of cards with its paging, as GET /api/work-requests answers (and the server render). */
export function presentCardList(
  query: { page: number; limit: number },
  {
    rows,
    total,
    more,
    nearPlace,
  }: {
    rows: Parameters<typeof presentCard>[0][];
    total: number;
    more: boolean;
    nearPlace?: PlaceRow | undefined;
  },
  language: Language,
) {
  return {
    work_requests: rows.map((row) => presentCard(row, language)),
    pagination: presentPagination(query.page, query.limit, total, more),
    near_place: nearPlace ? presentPlace(nearPlace, language) : null,
  };
}

export function presentAttachment(row: FoundRequest['attachments'][number]): AttachmentInfo {
  return {
    id: row.id,
    filename: displayFilename(row.filename),
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
  };
}

/**
 * The request for one viewer: contact fields (and who won) are null unless the rules let this
 * viewer see them (the phone is the client's current one, from their profile); `allowed_actions` says what the viewer may do next.
 * The place is named in `language`, the HTTP request's.
 */
export function presentDetail(
  found: FoundRequest & { invitedViewer?: boolean },
  viewer: Actor,
  actions: RequestAction[],
  language: Language,
): WorkRequestDetail {
  const { request, facts } = found;
  const contact = canSeeClientContact(viewer, facts);
  // Extends the summary, as presentCard does: spreading it into a new object was slower.
  return Object.assign(presentSummary(request), {
    place: found.place ? presentPlace(found.place, language, request.location) : null,
    client_id: request.clientId,
    updated_at: request.updatedAt.toISOString(),
    deadline: request.deadline,
    bids_until: request.bidsUntil.toISOString(),
    extended: request.biddingExtendedAt !== null,
    accepted_bid_id: request.acceptedBidId,
    attachments: found.attachments.map(presentAttachment),
    client_account_status: found.clientStatus,
    contact_name: contact ? request.contactName : null,
    contact_email: contact ? request.contactEmail : null,
    contact_phone: contact ? found.clientPhone : null,
    accepted_provider_id: contact ? facts.acceptedProviderId : null,
    is_owner: isRequestOwner(viewer, facts),
    allowed_actions: actions,
    invited_you: found.invitedViewer === true,
  });
}

import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import { ACCOUNT_STATUSES, WORK_REQUEST_STATUSES } from '../../shared/statuses';
import { LIMITS } from '../../shared/limits';
import type { ErrorCode } from '../../shared/error-codes';
import { optional } from '../../shared/validation';
import { placeIdField } from '../places/place-id.schema';
import { placeIdParam, placeView, radiusKm } from '../places/places.schema';
import {
  BIDDING_DAYS,
  isDeadlineInPast,
  MAX_EXTENSION_DAYS,
  REQUEST_ACTIONS,
} from './requests.rules';

/** Fields of a new request (spec core §5); the browser's three steps and the server share them. */
export const workRequestFields = z.object({
  title: z
    .string({ message: 'required' })
    .trim()
    .min(LIMITS.requestTitle.min, { message: 'title_length' })
    .max(LIMITS.requestTitle.max, { message: 'title_length' }),
  category: z.enum(CATEGORIES, { message: 'category_required' }),
  description: z
    .string({ message: 'required' })
    .trim()
    .min(LIMITS.requestDescription.min, { message: 'description_length' })
    .max(LIMITS.requestDescription.max, { message: 'description_length' }),
  /**
   * The detail line of the place ("Juh, near the station"): the spec's location, still required
   * (spec core §5). The town itself is `place_id`.
   */
  location: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(200, { message: 'too_long' }),
  /**
   * The town or village (places feature). Optional on the wire, so the spec's payload (title,
   * description, category, location) still posts; the browser's form requires it
   * (`workRequestForm`). A request without a place is in no distance search and makes no lead.
   */
  place_id: optional(placeIdField),
  /** How many days the request takes bids (docs/requests.md "Time for bids"); 14 when not given. */
  bidding_days: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ message: 'choice_invalid' })
      .refine((days) => (BIDDING_DAYS as readonly number[]).includes(days), {
        message: 'choice_invalid',
      })
      .optional(),
  ),
  deadline: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.iso
      .date({ message: 'deadline_invalid' })
      .refine((deadline) => !isDeadlineInPast(deadline, new Date()), { message: 'deadline_past' })
      .optional(),
  ),
});
export type WorkRequestFields = z.infer<typeof workRequestFields>;

/** The browser's form of a new request: the place is chosen there, always (docs/places.md). */
export const workRequestForm = workRequestFields.extend({ place_id: placeIdField });

/** What every view of a request shows: no contact data ever (core spec §2 Browse). */
export const workRequestSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  location: z.string(),
  status: z.enum(WORK_REQUEST_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
});

/** A request as a public card, with what people decide on: bids so far, deadline, a photo. */
export const workRequestCard = workRequestSummary.extend({
  bid_count: z.number().int(),
  deadline: z.string().nullable(),
  /**
   * The small preview of the request's first photo (never the uploaded file), served under the
   * download's rules: signed-in viewers who may open the request (docs/requests.md "Cards").
   */
  thumbnail_url: z.string().nullable(),
  /**
   * Kilometres from the place a distance search is around (`near`), to one decimal; null in
   * every other list (docs/directory.md "Distance search").
   */
  distance_km: z.number().nullable(),
  /**
   * The request's town or village in the reader's language (the `lang` cookie), shown before
   * its detail line (`location`); null for a request without a place (docs/places.md).
   */
  place_name: z.string().nullable(),
  /** Until when the request takes bids (docs/requests.md "Time for bids"). */
  bids_until: z.iso.datetime({ offset: true }),
});
export type WorkRequestCard = z.infer<typeof workRequestCard>;

export const pagination = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
  /**
   * True when matches were counted only up to `total` and there are more ("more than `total`");
   * false when `total` is the exact number of matches.
   */
  total_estimated: z.boolean(),
});

/**
 * Search words and the town filter. Too long a text is refused with its own code,
 * `search_too_long` (plugins/errors.ts), so the page can say what is wrong.
 */
const searchText = z
  .string()
  .trim()
  .max(LIMITS.searchText.max, { message: 'search_too_long' satisfies ErrorCode });

/** The radii the filters offer, in km (any 5..200 is taken), and the one chosen unless another is. */
export const RADIUS_CHOICES_KM = [5, 10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_RADIUS_KM = 30;

/** How a list around a place is ordered: nearest first, or newest first (the default). */
export const DISTANCE_SORTS = ['newest', 'distance'] as const;
export type DistanceSort = (typeof DISTANCE_SORTS)[number];

/**
 * `near`, `radius_km` and `sort` of a list around a place (browse and the directory): a radius
 * or an order by distance means nothing without the place, so either without `near` is refused
 * with `near_required`, not ignored.
 */
export const aroundPlace = <Sort extends string>(sorts: readonly [Sort, ...Sort[]]) =>
  z.object({
    near: placeIdParam.optional(),
    radius_km: radiusKm.optional(),
    sort: z.enum(sorts).optional(),
  });

export const nearRequired = (query: {
  near?: number | undefined;
  radius_km?: number | undefined;
  sort?: string | undefined;
}) => query.near !== undefined || (query.radius_km === undefined && query.sort !== 'distance');

export const listWorkRequestsQuery = z
  .object({
    q: searchText.optional(),
    category: z.enum(CATEGORIES).optional(),
    /** Town or region: each word starts a word of the request's location, accents ignored. */
    location: searchText.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.browsePageSize).default(LIMITS.browsePageSize),
  })
  .extend(aroundPlace(DISTANCE_SORTS).shape)
  .refine(nearRequired, { message: 'near_required' satisfies ErrorCode });
export type ListWorkRequestsQuery = z.infer<typeof listWorkRequestsQuery>;

export const workRequestList = z.object({
  work_requests: z.array(workRequestCard),
  pagination,
  /** The place a distance search is around (`near`), named in the asker's language; else null. */
  near_place: placeView.nullable(),
});
export type WorkRequestList = z.infer<typeof workRequestList>;

export const locationSuggestionsQuery = z.object({
  prefix: z.string().trim().max(100).default(''),
});

/**
 * Towns of open requests starting with the prefix, at most 10: the places of open requests
 * (larger first, each spelling that starts so), then their detail lines (alphabetical).
 */
export const locationSuggestions = z.object({ locations: z.array(z.string()) });
export type LocationSuggestions = z.infer<typeof locationSuggestions>;

export const attachmentInfo = z.object({
  id: z.uuid(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
});
export type AttachmentInfo = z.infer<typeof attachmentInfo>;

/** One request as a signed-in person sees it; contact fields only where the policy allows. */
export const workRequestDetail = workRequestSummary.extend({
  /** The town or village, named in the language of the HTTP request; null for a request without one. */
  place: placeView.nullable(),
  client_id: z.uuid(),
  updated_at: z.iso.datetime({ offset: true }),
  deadline: z.string().nullable(),
  /** Until when the request takes bids; `extended`: the client used their one extension. */
  bids_until: z.iso.datetime({ offset: true }),
  extended: z.boolean(),
  accepted_bid_id: z.uuid().nullable(),
  attachments: z.array(attachmentInfo),
  client_account_status: z.enum(ACCOUNT_STATUSES),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  /** The client's current phone from their profile (null when they have none, or may not see it). */
  contact_phone: z.string().nullable(),
  /** The provider whose bid was accepted: shown to those who may see the hire's contacts. */
  accepted_provider_id: z.uuid().nullable(),
  is_owner: z.boolean(),
  /** What this viewer may do next (requests.rules.ts); screens show buttons from this alone. */
  allowed_actions: z.array(z.enum(REQUEST_ACTIONS)),
  /** The viewer is a provider its client invited to bid (docs/invitations.md). */
  invited_you: z.boolean(),
});
export type WorkRequestDetail = z.infer<typeof workRequestDetail>;

export const workRequestResponse = z.object({ work_request: workRequestDetail });

export const myWorkRequests = z.object({
  work_requests: z.array(
    workRequestCard.extend({
      attachment_count: z.number().int(),
      /** Bids placed since the client last opened the request's page. */
      new_bid_count: z.number().int(),
      allowed_actions: z.array(z.enum(REQUEST_ACTIONS)),
    }),
  ),
});

export const requestIdParams = z.object({ id: z.uuid({ message: 'request_not_found' }) });
export const attachmentParams = requestIdParams.extend({ attachmentId: z.uuid() });

/** The client's one extension of the time for bids: 1 to 14 whole days. */
export const extendBiddingBody = z.object({
  days: z
    .number({ message: 'choice_invalid' })
    .int({ message: 'choice_invalid' })
    .min(1, { message: 'choice_invalid' })
    .max(MAX_EXTENSION_DAYS, { message: 'choice_invalid' }),
});
export type ExtendBiddingBody = z.infer<typeof extendBiddingBody>;

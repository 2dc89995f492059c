import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../shared/format';
import { CATEGORIES } from '../../shared/categories';
import { LIMITS } from '../../shared/limits';
import { numberInput } from '../../shared/number-input';
import { ACCOUNT_STATUSES } from '../../shared/statuses';
import { emailField, nameField, optional, profilePhoneField } from '../../shared/validation';
import type { ErrorCode } from '../../shared/error-codes';
import { placeIdField } from '../places/place-id.schema';
import { placeView, radiusKm } from '../places/places.schema';
import { isValidIco } from '../verifications/verifications.rules';
import { badgesView } from '../verifications/verifications.schema';
import { aroundPlace, nearRequired, pagination } from '../requests/requests.schema';
import { answerTimeView } from './provider-stats.schema';
import { workPhotoView } from './work-photos.schema';
import { directoryForViewer, providerForViewer } from './favourites.schema';

const text = (max: number) => optional(z.string().trim().max(max, { message: 'too_long' }));

/**
 * Euros an hour: not negative, at most two decimals (spec core §5). Form fields arrive as text,
 * with a decimal comma or point ("32,50").
 */
export const hourlyRate = numberInput(
  z
    .number({ message: 'hourly_rate_invalid' })
    .min(0, { message: 'hourly_rate_invalid' })
    .max(100_000, { message: 'hourly_rate_invalid' })
    .refine(hasAtMostTwoDecimals, { message: 'amount_decimals' }),
);

export const experienceYears = numberInput(
  z
    .number({ message: 'experience_invalid' })
    .int({ message: 'experience_invalid' })
    .min(LIMITS.experienceYears.min, { message: 'experience_invalid' })
    .max(LIMITS.experienceYears.max, { message: 'experience_invalid' }),
);

/** A scheme written before the address ("https:", "javascript:"), not a host's port ("x.sk:8080"). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** A host name of two or more labels ("elektro-test.sk"); IDN hosts arrive as punycode. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * The provider's website as people write it: a bare domain ("elektro-test.sk") gets `https://`;
 * only http and https addresses of a dotted host, without spaces or a user name, are kept.
 */
export const websiteField = z
  .string()
  .trim()
  .max(300, { message: 'too_long' })
  .transform((value) => (SCHEME.test(value) ? value : `https://${value.replace(/^\/\//, '')}`))
  .refine(isWebsite, { message: 'website_invalid' });

function isWebsite(address: string): boolean {
  if (/\s/.test(address) || !/^https?:\/\/[^/]/i.test(address)) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    HOST.test(url.hostname)
  );
}

/** Profile pictures the server takes (it decides by the bytes, providers.service.ts). */
export const PICTURE_TYPES = { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'] } as const;

/** For the file picker: a hint to the browser. */
export const PICTURE_ACCEPT = Object.entries(PICTURE_TYPES)
  .flatMap(([mime, extensions]) => [mime, ...extensions.map((extension) => `.${extension}`)])
  .join(',');

/**
 * Why a chosen picture would be refused at saving, told the moment it is chosen: by the type the
 * browser gives (or, when it gives none, the name's extension) and the size. Answers the error
 * code the server would answer, or null; the server still checks the bytes.
 */
export function pictureRefusal(file: {
  name: string;
  type: string;
  size: number;
}): 'picture_type' | 'file_too_large' | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const known = file.type
    ? file.type in PICTURE_TYPES
    : Object.values(PICTURE_TYPES).some((extensions) =>
        (extensions as readonly string[]).includes(extension),
      );
  if (!known) return 'picture_type';
  if (file.size > LIMITS.profilePicture.maxBytes) return 'file_too_large';
  return null;
}

/**
 * An IČO as people type it ("001 517 42" or "00151742"): the spaces go, then 8 digits whose last
 * is the modulo-11 check digit (verifications.rules.ts `isValidIco`).
 */
export const icoField = z
  .string()
  .max(20, { message: 'invalid_ico' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine(isValidIco, { message: 'invalid_ico' });

/** A service area's radius when the provider chose a place and no radius (issue 31: 30 km, as Airtasker's). */
export const DEFAULT_SERVICE_RADIUS_KM = 30;
/** The radii the profile form offers; the API takes any whole number of 5 to 200 km. */
export const SERVICE_RADIUS_CHOICES = [5, 10, 20, 30, 40, 50, 75, 100, 150, 200] as const;

/**
 * The categories of a provider's service area: several, each one of the known codes, in the
 * order given, without repeats. A JSON array, or a multipart form's text with the codes apart by
 * commas ("plumbing,heating_gas_sanitary"); an empty text is none.
 */
export const serviceCategoriesField = z.preprocess(
  (value) =>
    value === null
      ? undefined
      : typeof value === 'string'
        ? value
            .split(',')
            .map((code) => code.trim())
            .filter((code) => code !== '')
        : value,
  z
    .array(z.enum(CATEGORIES, { message: 'category_required' }), { message: 'category_required' })
    .max(CATEGORIES.length, { message: 'too_long' })
    .transform((codes) => [...new Set(codes)])
    .optional(),
);

/** The provider's editable profile (spec core §2 "Profile, provider"; §5 rules). Form fields arrive as text. */
export const providerProfileBody = z.object({
  name: nameField,
  contact_email: emailField,
  contact_phone: optional(profilePhoneField),
  bio: text(2000),
  service_category: optional(z.enum(CATEGORIES, { message: 'category_required' })),
  location: text(200),
  hourly_rate: optional(hourlyRate),
  experience_years: optional(experienceYears),
  availability: text(200),
  website: optional(websiteField),
  /** The service area (issue 31): the town the provider works from, how far and which jobs. */
  place_id: optional(placeIdField).nullable(),
  service_radius_km: optional(radiusKm).nullable(),
  service_categories: serviceCategoriesField,
  /** The company identification number (IČO), checked by its check digit (verifications). */
  ico: optional(icoField),
});
export type ProviderProfileInput = z.infer<typeof providerProfileBody>;

/** A provider as others see them; `contact` is null unless the viewer may see it (spec core §4). */
export const publicProvider = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  hourly_rate: z.number().nullable(),
  availability: z.string().nullable(),
  experience_years: z.number().nullable(),
  service_category: z.enum(CATEGORIES).nullable(),
  /** The town the provider works from, named in the language of the HTTP request. */
  place: placeView.nullable(),
  /** How far from `place` the provider works (null without a place). */
  service_radius_km: z.number().int().nullable(),
  /** The jobs the provider takes on; their `service_category` is always among them. */
  service_categories: z.array(z.enum(CATEGORIES)),
  profile_picture_url: z.string().nullable(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  member_since: z.string(),
  account_status: z.enum(ACCOUNT_STATUSES),
  contact: z
    .object({
      email: z.string().nullable(),
      phone: z.string().nullable(),
      website: z.string().nullable(),
    })
    .nullable(),
  /** The viewer's own jobs this provider won and the viewer has not reviewed yet (empty for anyone else). */
  reviewable_request_ids: z.array(z.uuid()),
  /** What the provider's checks earn now (verifications): business checked, insured. */
  badges: badgesView,
  /** Photos of past work, in the provider's order (docs/work-photos.md). */
  work_photos: z.array(workPhotoView),
  /** The stored figures: how soon they usually answer, and their finished jobs. */
  answer_time: answerTimeView,
  completed_jobs: z.number().int(),
  /** What the viewer may do with the provider (invite, keep as a favourite), and whether they keep them. */
  for_viewer: providerForViewer,
});
export type PublicProvider = z.infer<typeof publicProvider>;

/** How the directory is ordered: nearest first (around a place), or best rated first. */
export const DIRECTORY_SORTS = ['distance', 'rating'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Providers on one page of the directory, at most. */
export const DIRECTORY_PAGE_SIZE = 20;

/** GET /api/providers and /providers: active providers by category, around a place, paged. */
export const directoryQuery = z
  .object({
    category: z.enum(CATEGORIES).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_SIZE).default(DIRECTORY_PAGE_SIZE),
  })
  .extend(aroundPlace(DIRECTORY_SORTS).shape)
  .refine(nearRequired, { message: 'near_required' satisfies ErrorCode });
export type DirectoryQuery = z.infer<typeof directoryQuery>;

/**
 * A provider in the public directory: what their page shows anyone, never a contact (no email,
 * phone or website: those follow a hire, spec core §4).
 */
export const directoryEntry = z.object({
  id: z.uuid(),
  name: z.string(),
  profile_picture_url: z.string().nullable(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  completed_jobs: z.number().int(),
  service_category: z.enum(CATEGORIES).nullable(),
  service_categories: z.array(z.enum(CATEGORIES)),
  /** The provider's own town, named in the asker's language. */
  place: placeView.nullable(),
  /** Kilometres from `near`, to one decimal; null without `near`. */
  distance_km: z.number().nullable(),
  /** What the provider's checks earn now (verifications). */
  badges: badgesView,
  /** "Usually answers within …" from the stored figures; the account's creation date. */
  answer_time: answerTimeView,
  member_since: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntry>;

export const directoryResponse = z.object({
  providers: z.array(directoryEntry),
  pagination,
  near_place: placeView.nullable(),
  /** What the viewer may do with the providers listed, and which of them they keep. */
  for_viewer: directoryForViewer,
});
export type DirectoryResponse = z.infer<typeof directoryResponse>;

import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import { LIMITS } from '../../shared/limits';
import { experienceYears, hourlyRate, providerProfileBody } from '../providers/providers.schema';
import {
  ACCOUNT_STATUSES,
  ALERT_TYPES,
  BID_STATUSES,
  WORK_REQUEST_STATUSES,
} from '../../shared/statuses';
import { numberInput } from '../../shared/number-input';
import { nameField, optional, profilePhoneField } from '../../shared/validation';
import { workRequestDetail } from '../requests/requests.schema';

/**
 * The administration console's wire contract (accounts spec §2 "Admin dashboard", §7
 * "Administration"): snake_case, as the rest of the API. Page size `LIMITS.adminPageSize` (alerts
 * 20 when the client asks for no other) per spec §9.
 */
export const ALERTS_PAGE_SIZE = 20;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = (size: number) => z.coerce.number().int().min(1).max(100).default(size);
const filterText = (max: number) => optional(z.string().trim().max(max, { message: 'too_long' }));

export const adminPagination = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});

// ── Requests ────────────────────────────────────────────────────────────────────────────────
/**
 * Spec: the status filter offers OPEN and ASSIGNED. Issue 32 added the states an administrator
 * must find: a request whose time for bids ran out (EXPIRED), a job its provider says is done
 * (DONE) and one in dispute (DISPUTED). COMPLETED and CANCELLED stay out, as in the spec.
 */
export const ADMIN_REQUEST_STATUS_FILTER = [
  'OPEN',
  'EXPIRED',
  'ASSIGNED',
  'DONE',
  'DISPUTED',
] as const;
export type AdminRequestStatusFilter = (typeof ADMIN_REQUEST_STATUS_FILTER)[number];

/** A choice of a search form; empty ("All") means any. */
const filterChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(z.enum(values, { message: 'choice_invalid' }));

/** The requests search, for the form and the server alike (empty filters mean "any"). */
export const adminRequestFilters = z.object({
  query: filterText(LIMITS.searchText.max),
  status: filterChoice(ADMIN_REQUEST_STATUS_FILTER),
  category: filterChoice(CATEGORIES),
});
export const adminRequestsQuery = adminRequestFilters.extend({
  page,
  limit: limit(LIMITS.adminPageSize),
});

export const adminRequestRow = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  status: z.enum(WORK_REQUEST_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  /** Null when the client's account is gone. */
  client: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

export const adminRequestsResponse = z.object({
  work_requests: z.array(adminRequestRow),
  pagination: adminPagination,
});

export const adminBidsQuery = z.object({
  work_request_id: z.uuid({ message: 'request_not_found' }),
});

/** A person's contact as administrators see it on a request or a bid. */
export const adminContact = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The account's sign-in address. */
  email: z.string(),
  /** The client's phone or the provider's contact phone. */
  phone: z.string().nullable(),
  /** Providers only: the contact address of their profile (null for clients). */
  contact_email: z.string().nullable(),
  account_status: z.enum(ACCOUNT_STATUSES),
});
export type AdminContact = z.infer<typeof adminContact>;

/**
 * One request as administrators see it: the detail every viewer gets (contact fields and
 * `allowed_actions` by the rules) plus the contacts of the client and of the hired provider.
 */
export const adminRequestDetail = workRequestDetail.extend({
  client: adminContact.nullable(),
  /** The provider whose bid was accepted, while the request is ASSIGNED or COMPLETED. */
  provider: adminContact.nullable(),
});
export const adminRequestResponse = z.object({ work_request: adminRequestDetail });

/** Every bid of a request, with the provider's name and contact (spec §7 GET /admin/bids). */
export const adminBid = z.object({
  id: z.uuid(),
  work_request_id: z.uuid(),
  amount: z.number(),
  description: z.string(),
  status: z.enum(BID_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  provider: adminContact,
});
export const adminBidsResponse = z.object({ bids: z.array(adminBid) });

export const adminMessageResponse = z.object({ message: z.string() });

// ── Users ───────────────────────────────────────────────────────────────────────────────────
export const ADMIN_USER_TYPES = ['client', 'provider'] as const;
export type AdminUserType = (typeof ADMIN_USER_TYPES)[number];

/** The clients' and providers' search, for the form and the server alike. */
export const adminUserFilters = z.object({
  search: filterText(LIMITS.searchText.max),
  account_status: filterChoice(['active', 'disabled']),
});
export const adminUsersQuery = adminUserFilters.extend({
  user_type: z.enum(ADMIN_USER_TYPES),
  page,
  limit: limit(LIMITS.adminPageSize),
});

export const adminUserParams = z.object({
  role: z.enum(ADMIN_USER_TYPES, { message: 'not_found' }),
  id: z.uuid({ message: 'not_found' }),
});

/** A client or provider as administrators see them, with the security cell's data. */
export const adminUser = z.object({
  id: z.uuid(),
  role: z.enum(ADMIN_USER_TYPES),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
  failed_login_attempts: z.number().int(),
  lock_until: z.iso.datetime({ offset: true }).nullable(),
  is_locked: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** Clients only (null for providers). */
  phone_number: z.string().nullable(),
  /** Providers only (null for clients). */
  provider: z
    .object({
      contact_email: z.string().nullable(),
      contact_phone: z.string().nullable(),
      bio: z.string().nullable(),
      service_category: z.enum(CATEGORIES).nullable(),
      location: z.string().nullable(),
      hourly_rate: z.number().nullable(),
      experience_years: z.number().int().nullable(),
      availability: z.string().nullable(),
      website: z.string().nullable(),
      /** The company identification number (IČO) the provider entered (verifications). */
      ico: z.string().nullable(),
      credits: z.number().int(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({
  users: z.array(adminUser),
  pagination: adminPagination,
});
export const adminUserResponse = z.object({ user: adminUser, user_type: z.enum(ADMIN_USER_TYPES) });

/** Spec §5 "Admin provider edit": empty numbers become 0; hourly rate not negative; experience 0–100. */
const emptyToZero = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? 0 : value;

export const adminClientEdit = z.object({
  name: nameField,
  phone_number: optional(profilePhoneField).nullable(),
});

/** The provider's own profile rules (providers.schema.ts), plus credits; empty numbers become 0. */
export const adminProviderEdit = providerProfileBody.extend({
  contact_phone: optional(profilePhoneField).nullable(),
  hourly_rate: z.preprocess(emptyToZero, hourlyRate),
  experience_years: z.preprocess(emptyToZero, experienceYears),
  credits: z.preprocess(
    emptyToZero,
    numberInput(
      z
        .number({ message: 'credits_invalid' })
        .int({ message: 'credits_invalid' })
        .min(0, { message: 'credits_invalid' })
        .max(1_000_000, { message: 'credits_invalid' }),
    ),
  ),
});

export const adminStatusBody = z.object({ account_status: z.enum(['active', 'disabled']) });
export const adminDeleteBody = z.object({
  reason: z
    .string({ message: 'required' })
    .trim()
    .min(3, { message: 'reason_length' })
    .max(500, { message: 'reason_length' }),
});

// ── Audits ──────────────────────────────────────────────────────────────────────────────────
export const AUDIT_ACTOR_TYPES = ['administrator', 'client', 'provider'] as const;
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;

/**
 * The audit search, for the form and the server alike. Every filter may be left empty, which
 * means "any": the actor type "All" is the empty value, whether a form or an address sends it.
 */
export const auditFilters = z.object({
  request_id: filterText(100),
  action: filterText(100),
  actor_id: optional(z.uuid({ message: 'actor_id_invalid' })),
  actor_type: filterChoice(AUDIT_ACTOR_TYPES),
});
export const auditsQuery = auditFilters.extend({ page, limit: limit(LIMITS.adminPageSize) });
export const auditsExportQuery = auditFilters.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});

export const auditView = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime({ offset: true }),
  level: z.string(),
  action: z.string(),
  outcome: z.string(),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  target_type: z.string().nullable(),
  target_user_id: z.string().nullable(),
  request_id: z.string().nullable(),
  message: z.string().nullable(),
});
export const auditsResponse = z.object({
  audits: z.array(auditView),
  pagination: adminPagination,
  total: z.number().int(),
  /**
   * True when more than 1 000 entries match: the total is then PostgreSQL's estimate (shown as
   * "about N") and pages reach the newest 10 000 (docs/admin.md).
   */
  total_estimated: z.boolean().optional(),
});

// ── Alerts and metrics ──────────────────────────────────────────────────────────────────────
export const alertsQuery = z.object({
  type: filterChoice(ALERT_TYPES),
  page,
  limit: limit(ALERTS_PAGE_SIZE),
});
export const alertView = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime({ offset: true }),
  type: z.enum(ALERT_TYPES),
  message: z.string(),
});
export const alertsResponse = z.object({ alerts: z.array(alertView), pagination: adminPagination });

/** Spec §3 "Alert snapshot", and beyond it the last hour minute by minute. */
export const metricsResponse = z.object({
  rates: z.object({
    window_totals: z.object({
      last1m: z.object({ '4xx': z.number().int(), '5xx': z.number().int() }),
      last10m: z.object({ lockouts: z.number().int(), email_failures: z.number().int() }),
    }),
  }),
  /** Sixty entries, oldest first, one per minute of the last hour. */
  per_minute: z.array(
    z.object({
      minute: z.iso.datetime({ offset: true }),
      '4xx': z.number().int(),
      '5xx': z.number().int(),
    }),
  ),
});

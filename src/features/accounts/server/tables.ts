import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../server/db/columns';
import { ACCOUNT_STATUSES, ROLES } from '../../../shared/statuses';
import { LANGUAGES } from '../../../shared/languages';
import { CATEGORIES } from '../../../shared/categories';
import { places } from '../../places/server/tables';

export const roleEnum = pgEnum('user_role', ROLES);
export const accountStatusEnum = pgEnum('account_status', ACCOUNT_STATUSES);
export const languageEnum = pgEnum('language', LANGUAGES);

/**
 * Every person who can sign in. Role-specific fields live in the profile tables below;
 * sign-in state (verification, lockout, status) lives here because every role has it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: roleEnum('role').notNull(),
    /** scrypt hash; null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleId: text('google_id'),
    emailVerified: boolean('email_verified').notNull().default(false),
    preferredLanguage: languageEnum('preferred_language').notNull().default('sk'),
    accountStatus: accountStatusEnum('account_status').notNull().default('active'),
    /** Who disabled the account: a person may re-enable only what they disabled themselves. */
    disabledBy: text('disabled_by'),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockUntil: timestamp('lock_until', { withTimezone: true }),
    /**
     * The old single switch of mail about bids, kept as a mirror of the choices per type
     * (notification_preferences): true while every mail about bids is on (docs/notifications.md).
     */
    bidEmails: boolean('bid_emails').notNull().default(true),
    /** When a session was last opened for the account; null until its first sign-in. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_failed_login_attempts_check', sql`${t.failedLoginAttempts} >= 0`),
    check(
      'users_disabled_by_check',
      sql`${t.disabledBy} is null or ${t.disabledBy} in ('self', 'administrator')`,
    ),
    check('users_name_check', sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/** An active provider: shown to others and counted (Home's figure, the sitemap, visible reviews). */
export const activeProvider = sql`${users.role} = 'provider' and ${users.accountStatus} = 'active'`;

export const clientProfiles = pgTable('client_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number'),
  /** Where the client usually needs work done: pre-fills the location of a new request. */
  location: text('location'),
  /** The client's usual town or village: pre-fills the place of a new request. */
  placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
});

export const categoryEnum = pgEnum('category', CATEGORIES);

/** A provider's average stars from the counters on their profile; null before any review. */
export const averageRatingOf = (t: { reviewCount: AnyPgColumn; ratingSum: AnyPgColumn }) =>
  sql<
    number | null
  >`case when ${t.reviewCount} > 0 then ${t.ratingSum}::float8 / ${t.reviewCount} end`;

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    bio: text('bio'),
    serviceCategory: categoryEnum('service_category'),
    location: text('location'),
    /** The service area: the provider's town, how far they travel, and what they do there. */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    serviceRadiusKm: smallint('service_radius_km'),
    serviceCategories: categoryEnum('service_categories')
      .array()
      .notNull()
      .default(sql`'{}'::category[]`),
    /** Whether the first lead alert was made from the service area (once: a deleted one stays so). */
    leadAlertsSeeded: boolean('lead_alerts_seeded').notNull().default(false),
    /** Euro cents. */
    hourlyRateCents: integer('hourly_rate_cents'),
    experienceYears: integer('experience_years'),
    availability: text('availability'),
    website: text('website'),
    /** The company identification number (IČO) the provider entered, checked by its digit (verifications). */
    ico: text('ico'),
    /** Storage key of the re-encoded picture; never a path a browser can reach directly. */
    pictureKey: text('picture_key'),
    credits: integer('credits').notNull().default(0),
    /**
     * The provider's reviews counted and their stars summed, kept in step by a trigger on
     * `reviews` (migration 0022): the directory orders by the average without reading reviews.
     */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * The account is an active provider's (`activeProvider`), kept in step by triggers on both
     * tables (migration 0038): the directory finds and counts its providers from the profiles
     * alone, without a look at each one's account.
     */
    providerActive: boolean('provider_active').notNull().default(false),
  },
  (t) => [
    index('provider_profiles_category_idx').on(t.serviceCategory),
    // The directory best rated first: walked in this order, it stops at a full page. The place,
    // the trades, the stars and whether active ride along after the unique key, so the walk is
    // read from the index alone and only the page's providers from the table
    // (directory.repo.ts `bestRatedPage`).
    index('provider_profiles_rating_idx').on(
      sql`(${averageRatingOf(t)}) desc nulls last`,
      t.reviewCount.desc(),
      t.userId,
      t.placeId,
      t.serviceCategory,
      t.serviceCategories,
      t.ratingSum,
      t.providerActive,
    ),
    // The directory around a place: each place's active providers, their trades and stars, read
    // from the index alone to count them or to find the few best (directory.repo.ts).
    index('provider_profiles_active_place_idx')
      .on(t.placeId, t.serviceCategory, t.serviceCategories, t.userId, t.reviewCount, t.ratingSum)
      .where(sql`${t.providerActive}`),
    // The directory nearest first: each place's providers best rated first.
    index('provider_profiles_place_rating_idx').on(
      t.placeId,
      sql`(${averageRatingOf(t)}) desc nulls last`,
      t.reviewCount.desc(),
      t.userId,
    ),
    check('provider_profiles_hourly_rate_check', sql`${t.hourlyRateCents} >= 0`),
    check('provider_profiles_service_radius_check', sql`${t.serviceRadiusKm} between 5 and 200`),
    index('provider_profiles_place_idx').on(t.placeId),
    check('provider_profiles_experience_check', sql`${t.experienceYears} between 0 and 100`),
  ],
);

export const administratorProfiles = pgTable('administrator_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** Sign-in sessions. The id is the SHA-256 of the cookie's random token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /**
     * How the owner's device list names this session (to end it): random, unrelated to the token,
     * so the list never shows the token or its hash.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The browsers and networks an account signed in from, each as a keyed hash (HMAC) of the
 * User-Agent and the network of the address (never the address itself), with the last time: what
 * tells a sign-in from a new device (sign-in-device.ts). Rows older than the memory are dropped
 * at the account's next sign-in.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
);

/** Single-use tokens sent by mail, stored as SHA-256 hashes. */
const mailedToken = (name: string) =>
  pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
    },
    (t) => [index(`${name}_user_idx`).on(t.userId)],
  );

export const emailVerificationTokens = mailedToken('email_verification_tokens');
export const passwordResetTokens = mailedToken('password_reset_tokens');

/**
 * Failed sign-ins for addresses that have no account, counted and locked exactly like an account's
 * (`users.failed_login_attempts`, `users.lock_until`), so no answer tells which addresses have
 * accounts. Keyed by an HMAC of the address: the address itself is not kept.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    emailKey: text('email_key').primaryKey(),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockUntil: timestamp('lock_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('sign_in_failures_attempts_check', sql`${t.failedLoginAttempts} >= 0`)],
);

/**
 * An account's authenticator (docs/security.md, "Two-factor sign-in"). The TOTP secret is kept
 * encrypted (AES-256-GCM, key derived from SESSION_SECRET) and never sent again after the
 * enrolment started. `enabled_at` is null while the enrolment waits for its first code.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: that code and older ones are refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes: a salted SHA-256 of each, never the code; `used_at` once spent. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('two_factor_recovery_codes_user_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} is null`),
  ],
);

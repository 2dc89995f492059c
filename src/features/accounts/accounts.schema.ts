import { z } from 'zod';
import { LANGUAGES } from '../../shared/languages';
import { ACCOUNT_STATUSES, ROLES } from '../../shared/statuses';
import { CATEGORIES } from '../../shared/categories';
import { passwordField } from '../../shared/password-policy';
import { PROFILE_ITEMS } from './provider-profile.rules';
import {
  emailField,
  nameField,
  optional,
  phoneField,
  profilePhoneField,
} from '../../shared/validation';
import { challengeAnswer } from '../challenge/challenge.schema';
import { placeIdField } from '../places/place-id.schema';
import { placeView } from '../places/places.schema';

export const registerClientBody = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField,
    phone_number: optional(phoneField),
    /** The page the person was going to: the verification link leads back to it after sign-in. */
    next: z.string().max(2000).optional(),
  })
  .extend(challengeAnswer.shape);

export const registerProviderBody = registerClientBody.extend({ phone_number: phoneField });
export type RegisterClientInput = z.infer<typeof registerClientBody>;
export type RegisterProviderInput = z.infer<typeof registerProviderBody>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ message: 'required' }).min(1, { message: 'required' }).max(200),
});

export const emailBody = z.object({ email: emailField });

export const verifyEmailQuery = z.object({
  token: z.string().min(1).max(200),
  email: emailField,
});

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  new_password: passwordField,
});

/** Spec: this one body keeps its camelCase keys. */
export const changePasswordBody = z.object({
  currentPassword: z.string({ message: 'required' }).min(1, { message: 'required' }).max(200),
  newPassword: passwordField,
});

/**
 * A form that asks for the new password twice: the second field, `confirm`, must match (spec
 * accounts §5). The match is checked here once for every form, and `confirm` is dropped from
 * what the form sends.
 */
function withConfirmation<T extends z.ZodObject>(schema: T, field: keyof z.infer<T> & string) {
  return schema
    .extend({ confirm: z.string() })
    .refine((values: Record<string, unknown>) => values.confirm === values[field], {
      message: 'passwords_mismatch',
      path: ['confirm'],
    })
    .transform(({ confirm: _confirm, ...values }) => values as z.infer<T>);
}

export const registerClientForm = withConfirmation(registerClientBody, 'password');
export const registerProviderForm = withConfirmation(registerProviderBody, 'password');
export const changePasswordForm = withConfirmation(changePasswordBody, 'newPassword');
/** The reset page's form: the token travels beside it. */
export const resetPasswordForm = withConfirmation(
  z.object({ password: passwordField }),
  'password',
);

export const languageBody = z.object({
  preferred_language: z.enum(LANGUAGES, { message: 'language_invalid' }),
});

export const clientProfileBody = z.object({
  name: nameField,
  phone_number: optional(profilePhoneField).nullable(),
  /** Pre-fills a new request's location (the same limit as a request's location). */
  location: optional(z.string().trim().max(200, { message: 'too_long' })).nullable(),
  /** The client's usual town or village: pre-fills a new request's place. Left out: none. */
  place_id: optional(placeIdField).nullable(),
});

export const notificationsBody = z.object({ bid_emails: z.boolean() });

export const googleCompleteBody = z.object({
  token: z.string().min(1).max(4096),
  role: z.enum(['client', 'provider'], { message: 'role_invalid' }),
});

export const providerProfile = z.object({
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  bio: z.string().nullable(),
  service_category: z.enum(CATEGORIES).nullable(),
  location: z.string().nullable(),
  /** The service area (issue 31): the town worked from, in the HTTP request's language. */
  place: placeView.nullable(),
  service_radius_km: z.number().int().nullable(),
  service_categories: z.array(z.enum(CATEGORIES)),
  hourly_rate: z.number().nullable(),
  experience_years: z.number().nullable(),
  availability: z.string().nullable(),
  website: z.string().nullable(),
  /** The company identification number (IČO) the provider entered. */
  ico: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  credits: z.number(),
  /** What the provider's profile still lacks (provider-profile.rules.ts); empty when complete. */
  profile_completion: z.object({ missing: z.array(z.enum(PROFILE_ITEMS)) }),
});

/** Where a provider's profile picture is served (GET /api/users/profile-picture/provider/:id). */
export const providerPictureUrl = (providerId: string) =>
  `/api/users/profile-picture/provider/${providerId}`;

/** The signed-in person as the browser sees them. */
export const accountUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  email_verified: z.boolean(),
  preferred_language: z.enum(LANGUAGES),
  account_status: z.enum(ACCOUNT_STATUSES),
  /** False for accounts that only sign in with Google: no password to change. */
  has_password: z.boolean(),
  google_linked: z.boolean(),
  bid_emails: z.boolean(),
  created_at: z.string(),
  phone_number: z.string().nullable(),
  /** A client's saved location (null for other roles; a provider's is in provider_profile). */
  location: z.string().nullable(),
  /** A client's usual place, in the HTTP request's language (null for other roles, as `location`). */
  place: placeView.nullable(),
  provider_profile: providerProfile.nullable(),
});
export type AccountUser = z.infer<typeof accountUser>;

export const sessionResponse = z.object({ user: accountUser, user_type: z.enum(ROLES) });
/** A session just opened: `first_sign_in` when the account never had one before (a welcome, not "welcome back"). */
export const signInResponse = sessionResponse.extend({ first_sign_in: z.boolean() });
export const userResponse = z.object({ user: accountUser });
export const messageResponse = z.object({ message: z.string() });
/** `already_verified`: the link was opened before (or the address verified another way). */
export const verifyEmailResponse = z.object({
  message: z.string(),
  already_verified: z.boolean(),
});

/** One of the person's live sessions (`GET /api/users/sessions`): never its token or hash. */
export const signedInDevice = z.object({
  id: z.uuid(),
  /** "Firefox", "Chrome"…; null when the browser did not say or is not recognised. */
  browser: z.string().nullable(),
  /** "Windows", "Android"…; null likewise. */
  os: z.string().nullable(),
  signed_in_at: z.string(),
  /** Refreshed at most once a day. */
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;
export const devicesResponse = z.object({ sessions: z.array(signedInDevice) });
export const deviceParams = z.object({ id: z.uuid() });
export const signedOutOthersResponse = z.object({ message: z.string(), ended: z.number() });
export const registerResponse = z.object({
  requires_verification: z.literal(true),
  message: z.string(),
});
export const resetTokenResponse = z.object({ email: z.string(), name: z.string() });

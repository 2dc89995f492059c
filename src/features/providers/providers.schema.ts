import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../shared/format';
import { CATEGORIES } from '../../shared/categories';
import { LIMITS } from '../../shared/limits';
import { ACCOUNT_STATUSES } from '../../shared/statuses';
import { emailField, nameField, optional, profilePhoneField } from '../../shared/validation';

const text = (max: number) => optional(z.string().trim().max(max, { message: 'too_long' }));

/** Where a provider's profile picture is served (GET /api/users/profile-picture/provider/:id). */
export const providerPictureUrl = (providerId: string) =>
  `/api/users/profile-picture/provider/${providerId}`;

/** Euros an hour: not negative, at most two decimals (spec core §5). Form fields arrive as text. */
export const hourlyRate = z.coerce
  .number({ message: 'hourly_rate_invalid' })
  .min(0, { message: 'hourly_rate_invalid' })
  .max(100_000, { message: 'hourly_rate_invalid' })
  .refine(hasAtMostTwoDecimals, { message: 'amount_decimals' });

export const experienceYears = z.coerce
  .number({ message: 'experience_invalid' })
  .int({ message: 'experience_invalid' })
  .min(LIMITS.experienceYears.min, { message: 'experience_invalid' })
  .max(LIMITS.experienceYears.max, { message: 'experience_invalid' });

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
  website: optional(
    z
      .string()
      .trim()
      .max(300, { message: 'too_long' })
      .refine((value) => /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
        message: 'website_invalid',
      }),
  ),
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
});
export type PublicProvider = z.infer<typeof publicProvider>;

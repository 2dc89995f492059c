import { centsToEuros } from '../../../shared/format';
import { missingProfileItems } from '../provider-profile.rules';
import { providerPictureUrl } from '../accounts.schema';
import type { AccountUser } from '../accounts.schema';
import type { AccountRow } from './accounts.repo';
import { presentPlace } from '../../places/server';

/**
 * The account as its owner sees it: everything of theirs, nothing secret (no hashes, no counters).
 * Its place is named in the account's own language: the one its pages are shown in (saved with
 * every choice of language, and set as the page's at sign-in).
 */
export function presentAccount({ user, client, provider, place }: AccountRow): AccountUser {
  const shownPlace = place ? presentPlace(place, user.preferredLanguage) : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    email_verified: user.emailVerified,
    preferred_language: user.preferredLanguage,
    account_status: user.accountStatus,
    has_password: user.passwordHash !== null,
    google_linked: user.googleId !== null,
    bid_emails: user.bidEmails,
    created_at: user.createdAt.toISOString(),
    phone_number: client?.phoneNumber ?? null,
    location: client?.location ?? null,
    place: client ? shownPlace : null,
    provider_profile: provider
      ? {
          ...presentProviderFields(provider),
          place: shownPlace,
          service_radius_km: provider.serviceRadiusKm,
          service_categories: provider.serviceCategories,
          profile_picture_url: provider.pictureKey ? providerPictureUrl(user.id) : null,
          profile_completion: { missing: missingProfileItems(provider) },
        }
      : null,
  };
}

/** A provider's profile fields as the provider and administrators see them (money in euros). */
export function presentProviderFields(provider: NonNullable<AccountRow['provider']>) {
  return {
    contact_email: provider.contactEmail,
    contact_phone: provider.contactPhone,
    bio: provider.bio,
    service_category: provider.serviceCategory,
    location: provider.location,
    hourly_rate: provider.hourlyRateCents === null ? null : centsToEuros(provider.hourlyRateCents),
    experience_years: provider.experienceYears,
    availability: provider.availability,
    website: provider.website,
    ico: provider.ico,
    credits: provider.credits,
  };
}

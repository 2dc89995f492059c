import { centsToEuros } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { presentPlace } from '../../places/server';
import { providerPictureUrl } from '../../accounts/accounts.schema';
import { badgesFromApprovals } from '../../verifications/verifications.rules';
import type { ProviderForViewer } from '../favourites.schema';
import type { PublicProvider } from '../providers.schema';
import type { ProviderRow } from './providers.repo';
import { presentShowcase, type Showcase } from './showcase.presenter';

/** A provider's page; the town they work from is named in `language`, the HTTP request's. */
export function presentProvider(
  { user, profile, place, approvals }: ProviderRow,
  rating: { average: number | null; total: number },
  showContact: boolean,
  reviewable: string[],
  language: Language,
  showcase: Showcase,
  forViewer: ProviderForViewer,
  now = new Date(),
): PublicProvider {
  return {
    id: user.id,
    name: user.name,
    location: profile.location,
    bio: profile.bio,
    hourly_rate: profile.hourlyRateCents === null ? null : centsToEuros(profile.hourlyRateCents),
    availability: profile.availability,
    experience_years: profile.experienceYears,
    service_category: profile.serviceCategory,
    place: place ? presentPlace(place, language) : null,
    service_radius_km: profile.serviceRadiusKm,
    service_categories: profile.serviceCategories,
    profile_picture_url: profile.pictureKey ? providerPictureUrl(user.id) : null,
    average_rating: rating.average === null ? null : Math.round(rating.average * 10) / 10,
    review_count: rating.total,
    member_since: user.createdAt.toISOString(),
    account_status: user.accountStatus,
    contact: showContact
      ? { email: profile.contactEmail, phone: profile.contactPhone, website: profile.website }
      : null,
    reviewable_request_ids: reviewable,
    badges: badgesFromApprovals(approvals, now),
    ...presentShowcase(showcase),
    for_viewer: forViewer,
  };
}

/**
 * What a provider's profile needs before clients can judge them and leads can find them: the
 * checklist a provider sees until every item is done. Each item is a field of the profile form
 * (`field-<item>`). Where they work is the town chosen from the gazetteer (`place_id`), the centre
 * of their service area; the free-text location is only its detail (docs/places.md).
 */
export const PROFILE_ITEMS = [
  'service_category',
  'place_id',
  'profile_picture',
  'hourly_rate',
  'bio',
] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];

/** The profile as stored, only what the checklist looks at. */
export interface ProfileForCompletion {
  serviceCategory: string | null;
  placeId: number | null;
  pictureKey: string | null;
  hourlyRateCents: number | null;
  bio: string | null;
}

const filled = (text: string | null) => text !== null && text.trim() !== '';

/** The items still to do, in the checklist's order; empty when the profile is complete. */
export function missingProfileItems(profile: ProfileForCompletion): ProfileItem[] {
  const done: Record<ProfileItem, boolean> = {
    service_category: profile.serviceCategory !== null,
    place_id: profile.placeId !== null,
    profile_picture: profile.pictureKey !== null,
    // A rate of 0 is a rate the provider chose (spec core §5: not negative).
    hourly_rate: profile.hourlyRateCents !== null,
    bio: filled(profile.bio),
  };
  return PROFILE_ITEMS.filter((item) => !done[item]);
}

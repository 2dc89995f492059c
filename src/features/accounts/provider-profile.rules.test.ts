import { describe, expect, it } from 'vitest';
import {
  missingProfileItems,
  PROFILE_ITEMS,
  type ProfileForCompletion,
} from './provider-profile.rules';

const empty: ProfileForCompletion = {
  serviceCategory: null,
  placeId: null,
  pictureKey: null,
  hourlyRateCents: null,
  bio: null,
};
const complete: ProfileForCompletion = {
  serviceCategory: 'plumbing',
  placeId: 3057124,
  pictureKey: 'k'.repeat(32),
  hourlyRateCents: 2500,
  bio: 'Inštalatér s 10 rokmi praxe.',
};

describe('missingProfileItems', () => {
  it('lists every item of a new profile, in the checklist order', () => {
    expect(missingProfileItems(empty)).toEqual([...PROFILE_ITEMS]);
  });

  it('lists nothing for a complete profile', () => {
    expect(missingProfileItems(complete)).toEqual([]);
  });

  it.each([
    ['service_category', { serviceCategory: null }],
    ['place_id', { placeId: null }],
    ['profile_picture', { pictureKey: null }],
    ['hourly_rate', { hourlyRateCents: null }],
    ['bio', { bio: '' }],
  ] as const)('finds %s missing on its own', (item, change) => {
    expect(missingProfileItems({ ...complete, ...change })).toEqual([item]);
  });

  it('counts a rate of zero as set', () => {
    expect(missingProfileItems({ ...complete, hourlyRateCents: 0 })).toEqual([]);
  });
});

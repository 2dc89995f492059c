import { describe, expect, it } from 'vitest';
import { jobsForMePath } from './jobs-for-me';

describe('“Jobs for me”', () => {
  it('opens browse around the provider’s town, within their radius, in their first category', () => {
    expect(
      jobsForMePath({
        place: { id: 723819 },
        serviceRadiusKm: 40,
        serviceCategories: ['plumbing', 'heating_gas_sanitary'],
      }),
    ).toBe('/browse?near=723819&radius_km=40&category=plumbing');
  });

  it('leaves out what the area does not have, and is absent without a town', () => {
    expect(
      jobsForMePath({ place: { id: 724443 }, serviceRadiusKm: null, serviceCategories: [] }),
    ).toBe('/browse?near=724443');
    expect(
      jobsForMePath({ place: null, serviceRadiusKm: 30, serviceCategories: ['plumbing'] }),
    ).toBeUndefined();
    expect(jobsForMePath(null)).toBeUndefined();
  });
});

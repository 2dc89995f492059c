import { PAGE_PATHS } from '../../shared/routes';

/** The parts of a provider's profile that make their service area. */
export interface ServiceArea {
  place: { id: number } | null;
  serviceRadiusKm: number | null;
  serviceCategories: readonly string[];
}

/**
 * "Jobs for me" (issue 31): browse around the provider's town, within their radius, in the first
 * of their categories (their trade comes first). Undefined until they have chosen a town.
 */
export function jobsForMePath(area: ServiceArea | null | undefined): string | undefined {
  if (!area?.place) return undefined;
  const query = new URLSearchParams({ near: String(area.place.id) });
  if (area.serviceRadiusKm !== null) query.set('radius_km', String(area.serviceRadiusKm));
  const [category] = area.serviceCategories;
  if (category) query.set('category', category);
  return `${PAGE_PATHS.browse}?${query.toString()}`;
}

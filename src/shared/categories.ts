/** The 26 service categories as stable codes, in the order of spec core §9. Labels live in the locales. */
export const CATEGORIES = [
  'general_construction',
  'masonry',
  'tiling',
  'drywall',
  'flooring',
  'insulation',
  'roofing',
  'demolition',
  'plumbing',
  'electrical',
  'heating_gas_sanitary',
  'air_conditioning',
  'appliance_repair',
  'furniture_assembly',
  'painting',
  'carpentry',
  'gardening',
  'cleaning',
  'moving',
  'clearing_out',
  'windows_doors_shading',
  'smithing_locksmithing',
  'high_altitude_work',
  'handyman',
  'inspections',
  'other',
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

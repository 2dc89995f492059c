/** The build stamp shown in the footer and served by GET /api/version (spec core §1). */
export interface BuildInfo {
  version: string;
  timestamp: string;
  build_date: string;
}

export const DEFAULT_BUILD: BuildInfo = {
  version: '2025.10.05.1327',
  timestamp: '2025-10-05T13:27:00.000Z',
  build_date: '2025-10-05',
};

import type { Language } from '../../../shared/languages';
import { providerPictureUrl } from '../../accounts/accounts.schema';
import { presentPlace } from '../../places/server';
import { presentPagination, roundedKm } from '../../requests/server';
import type { DirectoryEntry, DirectoryResponse } from '../providers.schema';
import type { browseDirectory } from './directory.service';
import { presentAnswerTime } from './showcase.presenter';

type Directory = Awaited<ReturnType<typeof browseDirectory>>;

/** A provider as the directory lists them: no contact of any kind. */
function presentEntry(
  { row, place, distanceKm, stats, badges }: Directory['rows'][number],
  language: Language,
): DirectoryEntry {
  return {
    id: row.id,
    name: row.name,
    profile_picture_url: row.hasPicture ? providerPictureUrl(row.id) : null,
    average_rating: row.averageRating === null ? null : Math.round(row.averageRating * 10) / 10,
    review_count: row.reviewCount,
    completed_jobs: stats?.completedJobs ?? 0,
    service_category: row.serviceCategory,
    service_categories: row.serviceCategories,
    place: place ? presentPlace(place, language) : null,
    distance_km: distanceKm === undefined ? null : roundedKm(distanceKm),
    answer_time: presentAnswerTime(stats),
    member_since: new Date(row.memberSince).toISOString(),
    badges,
  };
}

export function presentDirectory(
  query: { page: number; limit: number },
  directory: Directory,
  language: Language,
): DirectoryResponse {
  return {
    providers: directory.rows.map((entry) => presentEntry(entry, language)),
    pagination: presentPagination(query.page, query.limit, directory.total, directory.more),
    near_place: directory.nearPlace ? presentPlace(directory.nearPlace, language) : null,
    for_viewer: directory.forViewer,
  };
}

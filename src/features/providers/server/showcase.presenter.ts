import { answerTimeOf } from '../provider-stats.rules';
import { workPhotoUrl, type WorkPhotoView } from '../work-photos.schema';
import type { providerStats } from './tables';
import type { WorkPhotoRow } from './work-photos.repo';

type StatsRow = typeof providerStats.$inferSelect;

/** What a provider's page shows of their work: the photos and the stored figures. */
export interface Showcase {
  workPhotos: WorkPhotoRow[];
  /** Undefined for a provider never counted yet (no bid, message or finished job). */
  stats: StatsRow | undefined;
}

export function presentWorkPhoto(photo: WorkPhotoRow): WorkPhotoView {
  return {
    id: photo.id,
    url: workPhotoUrl(photo.providerId, photo.id),
    caption: photo.caption,
    width: photo.width,
    height: photo.height,
  };
}

/** The figure in words, where the stored figures say enough (provider-stats.rules.ts). */
export const presentAnswerTime = (stats: StatsRow | undefined) =>
  stats ? answerTimeOf(stats) : null;

export function presentShowcase({ workPhotos, stats }: Showcase) {
  return {
    work_photos: workPhotos.map(presentWorkPhoto),
    answer_time: presentAnswerTime(stats),
    completed_jobs: stats?.completedJobs ?? 0,
  };
}

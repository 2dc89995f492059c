import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import { WORK_REQUEST_STATUSES } from '../../shared/statuses';
import { LIMITS } from '../../shared/limits';

/** A request as a public card: no contact data ever (core spec §2 Browse). */
export const workRequestCard = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  location: z.string(),
  status: z.enum(WORK_REQUEST_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
});
export type WorkRequestCard = z.infer<typeof workRequestCard>;

export const pagination = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});

export const listWorkRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.browsePageSize).default(LIMITS.browsePageSize),
});
export type ListWorkRequestsQuery = z.infer<typeof listWorkRequestsQuery>;

export const workRequestList = z.object({
  work_requests: z.array(workRequestCard),
  pagination,
});
export type WorkRequestList = z.infer<typeof workRequestList>;

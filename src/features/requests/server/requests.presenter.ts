import type { WorkRequestCard } from '../requests.schema';

export function presentCard(row: {
  id: string;
  title: string;
  description: string;
  category: WorkRequestCard['category'];
  location: string;
  status: WorkRequestCard['status'];
  createdAt: Date;
}): WorkRequestCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    location: row.location,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPagination(page: number, limit: number, total: number) {
  return { page, total_pages: Math.max(1, Math.ceil(total / limit)), total };
}

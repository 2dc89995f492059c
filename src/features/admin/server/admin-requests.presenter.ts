import { centsToEuros } from '../../../shared/format';
import type { AdminContact } from '../admin.schema';
import type { AdminRequestRow, ContactRow } from './admin-requests.repo';

export function presentPagination(page: number, limit: number, total: number) {
  return { page, total_pages: Math.max(1, Math.ceil(total / limit)), total };
}

export function presentRequestRow(row: AdminRequestRow) {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    client: row.clientId && row.clientName ? { id: row.clientId, name: row.clientName } : null,
  };
}

export function presentContact(row: ContactRow | undefined): AdminContact | null {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.clientPhone ?? row.contactPhone,
    contact_email: row.contactEmail,
    account_status: row.accountStatus,
  };
}

export function presentBid(
  bid: {
    id: string;
    workRequestId: string;
    amountCents: number;
    description: string;
    status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
    createdAt: Date;
  },
  provider: AdminContact,
) {
  return {
    id: bid.id,
    work_request_id: bid.workRequestId,
    amount: centsToEuros(bid.amountCents),
    description: bid.description,
    status: bid.status,
    created_at: bid.createdAt.toISOString(),
    provider,
  };
}

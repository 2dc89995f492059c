import { Readable } from 'node:stream';
import type { ServerContext } from '../../../server/context';
import type { EXPORT_FORMATS } from '../admin.schema';
import { CSV_HEADER, csvRecord, ndjsonRecord } from './audits.presenter';
import { auditBatches, findAudits, type AuditFilters } from './audits.repo';

/** Rows per chunk handed to the stream. */
const CHUNK_ROWS = 100;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function listAudits(
  ctx: Pick<ServerContext, 'db'>,
  filters: AuditFilters,
  page: number,
  limit: number,
) {
  return findAudits(ctx.db, filters, page, limit);
}

export const EXPORT_FILES: Record<ExportFormat, { filename: string; mediaType: string }> = {
  csv: { filename: 'audits.csv', mediaType: 'text/csv; charset=utf-8' },
  ndjson: { filename: 'audits.ndjson', mediaType: 'application/x-ndjson; charset=utf-8' },
};

/**
 * The matching entries as a file, read batch by batch while the client takes them: the stream
 * asks for the next batch only when the previous one has been consumed (Readable.from pulls the
 * generator on read), so memory stays one batch whatever the number of entries.
 */
export async function exportAudits(
  ctx: Pick<ServerContext, 'db' | 'writeAudit'>,
  actor: { id: string },
  filters: AuditFilters,
  format: ExportFormat,
): Promise<Readable> {
  await ctx.writeAudit({
    action: 'admin.audits.export',
    outcome: 'success',
    actorType: 'administrator',
    actorId: actor.id,
    message: `format ${format}`,
  });
  const record = format === 'csv' ? csvRecord : ndjsonRecord;
  async function* lines() {
    if (format === 'csv') yield CSV_HEADER;
    for await (const batch of auditBatches(ctx.db, filters)) {
      // Chunks of ~10-30 KB: small enough for the young generation, where they die cheaply.
      for (let start = 0; start < batch.length; start += CHUNK_ROWS) {
        yield batch
          .slice(start, start + CHUNK_ROWS)
          .map(record)
          .join('');
      }
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}

import type { z } from 'zod';
import type { auditView } from '../admin.schema';
import type { AuditRow } from './audits.repo';

export type AuditView = z.infer<typeof auditView>;

export function presentAudit(row: AuditRow): AuditView {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    level: row.level,
    action: row.action,
    outcome: row.outcome,
    actor_type: row.actorType,
    actor_id: row.actorId,
    target_type: row.targetType,
    target_user_id: row.targetUserId,
    request_id: row.httpRequestId,
    message: row.message,
  };
}

/** The export's columns, in the order of the audits tab (accounts spec §2). */
export const AUDIT_COLUMNS = [
  'id',
  'timestamp',
  'level',
  'action',
  'outcome',
  'actor_type',
  'actor_id',
  'target_type',
  'target_user_id',
  'request_id',
  'message',
] as const satisfies readonly (keyof AuditView)[];

/** A cell a spreadsheet would run as a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell
 * a spreadsheet would take for a formula (=, +, -, @, tab, CR first) gets a leading single quote
 * first, so it is shown as text and never run (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines end in CRLF, as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const CSV_HEADER = csvLine(AUDIT_COLUMNS);

export function csvRecord(row: AuditRow): string {
  const view = presentAudit(row);
  return csvLine(AUDIT_COLUMNS.map((column) => view[column]));
}

/** One JSON object per line; JSON.stringify never leaves a raw line break inside a value. */
export function ndjsonRecord(row: AuditRow): string {
  return `${JSON.stringify(presentAudit(row))}\n`;
}

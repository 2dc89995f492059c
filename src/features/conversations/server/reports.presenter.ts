import type { ReportView } from '../conversations.schema';
import { REPORT_REASONS } from '../conversations.schema';
import { attachmentUrl } from './conversations.presenter';
import type { ReportRow } from './reports.repo';

type Person = ReportRow['reporter'];

const personOf = (person: Person): ReportView['reporter'] =>
  person && (person.role === 'client' || person.role === 'provider')
    ? { id: person.id, name: person.name, role: person.role, account_status: person.accountStatus }
    : null;

const reasonOf = (reason: string): ReportView['reason'] =>
  (REPORT_REASONS as readonly string[]).includes(reason)
    ? (reason as ReportView['reason'])
    : 'other';

export function presentReport(row: ReportRow): ReportView {
  const { report } = row;
  return {
    id: report.id,
    reason: reasonOf(report.reason),
    note: report.note,
    status: report.closedAt ? 'closed' : 'open',
    created_at: report.createdAt.toISOString(),
    closed_at: report.closedAt?.toISOString() ?? null,
    reporter: personOf(row.reporter),
    reported: personOf(row.reported),
    request_title: report.requestTitle,
    conversation_id: report.conversationId,
  };
}

/** The reported messages, as copied into the report; files while the thread is there. */
export function presentReportedMessages(row: ReportRow) {
  const conversationId = row.report.conversationId;
  return row.report.messages.map((message) => ({
    id: message.id,
    sender_role: message.senderRole,
    text: message.text,
    created_at: message.createdAt,
    attachments: conversationId
      ? message.attachments.map((file) => ({
          id: file.id,
          filename: file.filename,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          url: attachmentUrl(conversationId, file.id),
        }))
      : [],
  }));
}

import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { completionKeysOfClient, completionKeysOfRequest } from './completion.repo';
import { attachments, workRequests } from './tables';

type NewAttachment = typeof attachments.$inferInsert;

/** A new request's files, in the order the client chose them. */
export async function insertAttachments(tx: Tx, files: NewAttachment[]) {
  if (files.length > 0) await tx.insert(attachments).values(files);
}

const storedFiles = { key: attachments.storageKey, thumbnailKey: attachments.thumbnailKey };

/** Every stored file of these attachments: the uploads and their previews. */
function storedKeysOf(rows: { key: string; thumbnailKey: string | null }[]) {
  return rows.flatMap((row) => (row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key]));
}

/** The storage keys of a request's files: each upload and its preview, and its completion's. */
export async function storedKeysOfRequest(reader: Db | Tx, workRequestId: string) {
  return [
    ...storedKeysOf(
      await reader
        .select(storedFiles)
        .from(attachments)
        .where(eq(attachments.workRequestId, workRequestId)),
    ),
    ...(await completionKeysOfRequest(reader, workRequestId)),
  ];
}

/** The storage keys of every file of the client's requests, previews and completions' too. */
export async function storedKeysOfClient(db: Db, clientId: string) {
  return [
    ...storedKeysOf(
      await db
        .select(storedFiles)
        .from(attachments)
        .innerJoin(workRequests, eq(workRequests.id, attachments.workRequestId))
        .where(eq(workRequests.clientId, clientId)),
    ),
    ...(await completionKeysOfClient(db, clientId)),
  ];
}

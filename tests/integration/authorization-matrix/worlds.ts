import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openSession } from '../../../src/features/accounts/server/sessions';
import { buildApp, type App } from '../../../src/server/app';
import {
  attachments,
  bids,
  completionFiles,
  completionSteps,
  providerProfiles,
  reviews,
  verificationDocuments,
  workPhotos,
  workRequests,
} from '../../../src/server/db/schema';
import { smtpMailer } from '../../../src/server/mail/mailer';
import { diskStorage, type FileStorage } from '../../../src/server/storage/storage';
import {
  createAccount,
  createWorkRequest,
  TEST_PASSWORD_COST,
  type AccountFields,
} from '../../factories';
import { PNG } from '../../factories/files';
import { createTestDatabase, type TestDatabase } from '../../setup/test-database';
import { startFakeGemini, type FakeGemini } from '../../support/fake-gemini';
import { startMailbox, type Mailbox } from '../../support/mailbox';
import { startOpenIdProvider, type OpenIdProvider } from '../../support/openid-provider';
import { NO_FILE, type Person, type World } from './cell';
import { reportOf, threadOfWorld } from './conversations';
import { ACTORS, STATES, type ActorKind, type State } from './table';

/**
 * The people and worlds of the authorization matrix, made once per run straight in the database
 * (factories; cheap scrypt): one account per actor, one request per state (makeWorld), and the
 * app they are called on.
 */

let database: TestDatabase;
let mailbox: Mailbox;
let gemini: FakeGemini;
let google: OpenIdProvider;
let storage: FileStorage;
let filesDir: string;
export const people = {} as Record<Exclude<ActorKind, 'visitor'>, Person>;
export const worlds = {} as Record<State, World>;
export const fixtures = {} as {
  app: App;
  /** A client's review of the winner, for the answer routes. */
  winnersReviewId: string;
  /** `provider`'s document for a check (pending), for the verification routes. */
  verificationId: string;
  /** Two photos of the winner's past work: one to change, one to delete. */
  winnersPhotoId: string;
  winnersSparePhotoId: string;
};
export const PUBLIC_URL = 'http://localhost:3000';

const ACCOUNT_OF: Record<
  Exclude<ActorKind, 'visitor'>,
  [Parameters<typeof createAccount>[1], AccountFields]
> = {
  unverified: ['client', { emailVerified: false }],
  owner: ['client', {}],
  otherClient: ['client', {}],
  provider: ['provider', {}],
  bidder: ['provider', {}],
  winner: ['provider', {}],
  loser: ['provider', {}],
  disabled: ['client', { accountStatus: 'disabled' }],
  admin: ['administrator', {}],
};

export async function person(kind: Exclude<ActorKind, 'visitor'>): Promise<Person> {
  const [role, fields] = ACCOUNT_OF[kind];
  const user = await createAccount(database.db, role, {
    phoneNumber: role === 'administrator' ? null : '+421 900 123 456',
    serviceCategory: role === 'provider' ? 'plumbing' : null,
    ...fields,
  });
  const { token } = await openSession(database.db, user.id);
  return { id: user.id, email: user.email, name: user.name, token };
}

async function placeBid(
  requestId: string,
  providerId: string,
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED',
) {
  const [bid] = await database.db
    .insert(bids)
    .values({
      workRequestId: requestId,
      providerId,
      amountCents: 12_000,
      description: 'Vymením tesnenie do hodiny.',
      status,
    })
    .returning({ id: bids.id });
  return bid!.id;
}

/** A request of `owner` in the given state, with one stored attachment and its bids. */
export async function makeWorld(state: State): Promise<World> {
  const request = await createWorkRequest(database.db, people.owner, { status: 'OPEN' });
  const key = storage.newKey();
  await storage.put(key, PNG);
  const thumbnailKey = storage.newKey();
  await storage.put(thumbnailKey, PNG);
  const [attachment] = await database.db
    .insert(attachments)
    .values({
      workRequestId: request.id,
      storageKey: key,
      thumbnailKey,
      filename: 'foto.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning({ id: attachments.id });
  let bidId: string;
  const hired = state !== 'OPEN' && state !== 'CANCELLED' && state !== 'EXPIRED';
  if (!hired) {
    const pending = state === 'OPEN' || state === 'EXPIRED';
    bidId = await placeBid(request.id, people.bidder.id, pending ? 'PENDING' : 'REJECTED');
    await database.db
      .update(workRequests)
      .set({
        status: state,
        ...(state === 'EXPIRED' && { bidsUntil: new Date(Date.now() - 60 * 60_000) }),
      })
      .where(eq(workRequests.id, request.id));
  } else {
    bidId = await placeBid(request.id, people.winner.id, 'ACCEPTED');
    await placeBid(request.id, people.loser.id, 'REJECTED');
    await database.db
      .update(workRequests)
      .set({ status: state, acceptedBidId: bidId })
      .where(eq(workRequests.id, request.id));
  }
  const conversation = await threadOfWorld(database.db, storage, {
    requestId: request.id,
    clientId: people.owner.id,
    providerId: hired ? people.winner.id : people.bidder.id,
    hired,
  });
  const completionFileId =
    state === 'DONE' || state === 'DISPUTED' ? await doneWithPhoto(request.id, state) : NO_FILE;
  return {
    requestId: request.id,
    attachmentId: attachment!.id,
    bidId,
    conversation,
    completionFileId,
  };
}

/** The winner's "done" with a photo (and for DISPUTED the owner's problem after it). */
async function doneWithPhoto(requestId: string, state: 'DONE' | 'DISPUTED') {
  const [done] = await database.db
    .insert(completionSteps)
    .values({ workRequestId: requestId, kind: 'done', authorId: people.winner.id })
    .returning({ id: completionSteps.id });
  const key = storage.newKey();
  await storage.put(key, PNG);
  const [photo] = await database.db
    .insert(completionFiles)
    .values({
      stepId: done!.id,
      storageKey: key,
      filename: 'hotovo.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning({ id: completionFiles.id });
  if (state === 'DISPUTED') {
    await database.db.insert(completionSteps).values({
      workRequestId: requestId,
      kind: 'problem',
      authorId: people.owner.id,
      reason: 'poor_quality',
      note: 'Z batérie stále kvapká voda.',
    });
  }
  return photo!.id;
}

/** Starts the app and its fakes, and makes the people and worlds (beforeAll). */
export async function setUpWorlds() {
  google = await startOpenIdProvider([`${PUBLIC_URL}/api/auth/google/callback`]);
  gemini = await startFakeGemini({ slowMs: 3_000 });
  mailbox = await startMailbox();
  database = await createTestDatabase();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-matrix-'));
  storage = diskStorage(filesDir);
  const app = await buildApp({
    db: database.db,
    storage,
    mailer: smtpMailer(mailbox.url, 'Majstri <no-reply@majstri.sk>'),
    publicUrl: PUBLIC_URL,
    passwordCost: TEST_PASSWORD_COST,
    google: {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      issuerUrl: google.issuer,
    },
    gemini: {
      apiKey: 'test-key',
      model: 'gemini-2.5-flash',
      baseUrl: gemini.url,
      timeoutMs: 2_000,
      dailyLimit: 100_000,
    },
  });
  await app.ready();
  fixtures.app = app;
  for (const kind of ACTORS) if (kind !== 'visitor') people[kind] = await person(kind);
  for (const state of STATES) worlds[state] = await makeWorld(state);
  const reviewed = await makeWorld('COMPLETED');
  const [review] = await database.db
    .insert(reviews)
    .values({
      providerId: people.winner.id,
      clientId: people.owner.id,
      workRequestId: reviewed.requestId,
      rating: 4,
    })
    .returning({ id: reviews.id });
  fixtures.winnersReviewId = review!.id;
  await reportOf(app, people.owner.token!, worlds.ASSIGNED.conversation.id);
  const pictureKey = storage.newKey();
  await storage.put(pictureKey, PNG);
  await database.db
    .update(providerProfiles)
    .set({ pictureKey })
    .where(eq(providerProfiles.userId, people.winner.id));
  const documentKey = storage.newKey();
  await storage.put(documentKey, PNG);
  const [document] = await database.db
    .insert(verificationDocuments)
    .values({
      providerId: people.provider.id,
      kind: 'insurance',
      storageKey: documentKey,
      filename: 'poistka.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
      claimedUntil: '2030-01-31',
    })
    .returning({ id: verificationDocuments.id });
  fixtures.verificationId = document!.id;
  const photos = await database.db
    .insert(workPhotos)
    .values(
      ['Kúpeľňa', 'Kuchyňa'].map((caption, position) => {
        const key = storage.newKey();
        keys.push(key);
        return {
          providerId: people.winner.id,
          storageKey: key,
          caption,
          position,
          width: 1,
          height: 1,
          sizeBytes: PNG.length,
        };
      }),
    )
    .returning({ id: workPhotos.id });
  for (const key of keys.splice(0)) await storage.put(key, PNG);
  fixtures.winnersPhotoId = photos[0]!.id;
  fixtures.winnersSparePhotoId = photos[1]!.id;
}

/** Storage keys of the fixtures' photos, written once their rows are in. */
const keys: string[] = [];

/** Stops the app and its fakes, and drops the database and the stored files (afterAll). */
export async function tearDownWorlds() {
  await fixtures.app.close();
  await database.drop();
  await mailbox.close();
  await gemini.close();
  await google.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

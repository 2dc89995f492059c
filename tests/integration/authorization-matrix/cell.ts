import { createECDH, randomBytes } from 'node:crypto';
import type { Agent } from '../../support/agent';
import type { ThreadOfWorld } from './conversations';
import type { ActorKind, State } from './table';

/** What one cell of the matrix is (who, in which world) and how a route is called for it. */

export interface World {
  requestId: string;
  attachmentId: string;
  /** The request's first bid: OPEN/CANCELLED the bidder's, ASSIGNED/COMPLETED the winner's. */
  bidId: string;
  /** The request's thread between its client and `bidder` (OPEN, CANCELLED) or `winner`. */
  conversation: ThreadOfWorld;
  /** The photo of the winner's "done" (DONE, DISPUTED); elsewhere an id of no file. */
  completionFileId: string;
}

export interface Cell {
  actor: ActorKind;
  state: State | undefined;
  world: World | undefined;
  /** The account the cell acts as (undefined for a visitor). */
  me: Person | undefined;
  /** For administrator routes about another account: a fresh provider. */
  target: Person;
  agent: Agent;
}

export interface Call {
  url?: (cell: Cell) => string;
  body?: (cell: Cell) => object | Promise<object>;
  form?: (cell: Cell) => FormData;
  /** What must be fresh for each cell. */
  fresh?: 'request' | 'actor' | 'target';
}

export interface Person {
  id: string;
  email: string;
  name: string;
  token: string | null;
}

export const NEW_PASSWORD = 'Novy-Kluc-2026-heslo';
let counter = 0;
/** A number not given before in this run (fresh addresses, push endpoints). */
export const nextNumber = () => ++counter;
export const newEmail = () => `matrix-${process.pid}-${nextNumber()}@example.test`;
export const withChallenge = async (cell: Cell, fields: object) => ({
  ...fields,
  ...(await cell.agent.solveChallenge()),
});
export const request = (cell: Cell) => cell.world!.requestId;
/** A browser's push keys: its P-256 public key and a 16-byte secret. */
export function browserPushKeys() {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  return {
    p256dh: browser.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
export const bidBody = { amount: 120, description: 'Vymením tesnenie do hodiny.' };
/** A multipart form of text fields only. */
export function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
/** An id of no file (the states whose requests hold no completion photo). */
export const NO_FILE = '00000000-0000-4000-8000-000000000000';

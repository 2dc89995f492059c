import { row, SIGNED_IN, PROVIDERS, byState, THREAD, type Expected } from './table';

/** The rows of conversations (docs/conversations.md). */
export const CONVERSATION_ROWS: Record<string, Expected> = {
  // Conversations (docs/conversations.md): one's own threads.
  'GET /api/conversations': SIGNED_IN,
  // A provider asks about an OPEN request, or one they were hired on; its client writes to a
  // provider who bid while it is OPEN, or to the one they hired. Once it is not OPEN, a bidder not
  // hired (the loser, the cancelled request's bidder) and the client of a CANCELLED request get
  // 409 request_not_open, a state refusal. Anyone else: 403 conversation_not_allowed where they
  // may open the request (administrators always), else 404 as for the request (REQUEST_DETAILS).
  'POST /api/conversations': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, owner: 'ok', ...PROVIDERS }),
    CANCELLED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 403 }),
    EXPIRED: row(404, { visitor: 401, disabled: 401, owner: 'ok', bidder: 'ok', admin: 403 }),
    default: row(404, {
      visitor: 401,
      disabled: 401,
      owner: 'ok',
      winner: 'ok',
      loser: 'ok',
      admin: 403,
    }),
  }),
  'GET /api/conversations/:id/messages': THREAD,
  'POST /api/conversations/:id/messages': THREAD,
  'POST /api/conversations/:id/read': THREAD,
  'POST /api/conversations/:id/report': THREAD,
  'POST /api/conversations/:id/block': THREAD,
  'DELETE /api/conversations/:id/block': THREAD,
  // A photo sent after the hire: its thread's two people, and administrators while the thread has
  // a report (ASSIGNED's has, COMPLETED's not). OPEN and CANCELLED threads hold no file: a hired
  // thread's photo asked for through them is not found, by anybody.
  'GET /api/conversations/:id/attachments/:attachmentId': byState({
    default: row(404, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok', admin: 'ok' }),
    COMPLETED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
    DONE: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
    DISPUTED: row(404, { visitor: 401, disabled: 401, owner: 'ok', winner: 'ok' }),
  }),
};

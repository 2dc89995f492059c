import http from 'node:http';
import type { Socket } from 'node:net';

/** Why Node gave up reading a request, by its error code: the status that says so, and a sentence. */
const UNREADABLE: Record<string, readonly [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The address or the headers of this request are too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
};
const UNREADABLE_OTHERWISE = [400, 'This request could not be read.'] as const;

/**
 * The answer to a request Node could not read far enough to route it (docs/security.md "Requests
 * that cannot be read"): an address or headers over Node's 16 KiB, headers and body that did not
 * arrive in time, bytes that are not HTTP. In the app's error shape, `bad_request` with the status
 * that says why, as Fastify's other client errors (app.ts `frameworkErrors`); no request exists
 * yet, so no request id. Then the connection is closed: what follows on it cannot be trusted.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  // The client left: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = UNREADABLE[error.code ?? ''] ?? UNREADABLE_OTHERWISE;
  const body = JSON.stringify({ error: 'bad_request', message });
  // An answer already begun on this connection cannot take a second status line: only closed.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

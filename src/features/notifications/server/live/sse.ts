/**
 * The text of Server-Sent Events (HTML Living Standard, "Server-sent events"): fields of one event
 * end with a blank line. Data is JSON on one line (JSON.stringify escapes line breaks), so no
 * field can split an event.
 */

/** One event with its name, optional id and JSON data. */
export function sseEvent(event: string, data: unknown, id?: number): string {
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * The stream's opening (and a reconnection's): how long the browser waits before reconnecting,
 * and the cursor it sends back as `Last-Event-ID`. No data, so no event is dispatched, but the
 * browser keeps the id (a bare `id:` sets the source's last event id).
 */
export function sseOpening(retryMs: number, cursor: number): string {
  return `retry: ${retryMs}\nid: ${cursor}\n\n`;
}

/** The last words of a stream the server ends: when to come back. */
export const sseRetry = (retryMs: number) => `retry: ${retryMs}\n\n`;

/** A comment line: ignored by the browser, keeps proxies and idle time-outs from cutting the line. */
export const SSE_HEARTBEAT = ': keep-alive\n\n';

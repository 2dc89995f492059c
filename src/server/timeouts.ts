/**
 * How long a client may take over a request (docs/security.md "Slow clients"). Fastify leaves the
 * request and socket time-outs off, so without these a body sent a byte at a time holds its
 * connection for ever.
 */
export interface ServerTimeouts {
  /** Headers and body together: a slow body is cut here (408, then closed). */
  requestMs: number;
  /** The request headers alone: a client dribbling headers is cut here. */
  headersMs: number;
  /** A connection on which nothing at all moves. */
  idleMs: number;
  /** A kept-alive connection between two requests; above a load balancer's own (often 60 s). */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  // 5 attachments of 5 MB over a 2 Mbit/s upload link fit.
  requestMs: 120_000,
  headersMs: 10_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
};

/** Fastify's server options for these time-outs. */
export function timeoutOptions(timeouts: ServerTimeouts) {
  // Node checks the request and header deadlines on a timer (30 s by default), which would let a
  // slow client outlive a short deadline by that much: check four times per shortest deadline.
  const checkEveryMs = Math.min(1000, Math.max(25, Math.floor(timeouts.headersMs / 4)));
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkEveryMs,
    },
  };
}

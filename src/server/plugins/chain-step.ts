import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One guard of the chain: `true` when the request goes on, `false` when the guard has answered
 * it (a 429, a 403), or a promise of either when it must wait (a session lookup, Redis).
 */
export type ChainStep = (
  request: FastifyRequest,
  reply: FastifyReply,
  config: FastifyContextConfig,
) => boolean | Promise<boolean>;

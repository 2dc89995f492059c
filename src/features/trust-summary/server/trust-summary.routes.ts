import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { requireUser } from '../../../server/plugins/auth';
import { sendError } from '../../../server/plugins/errors';
import { trustSummary, trustSummaryBody } from '../trust-summary.schema';
import { geminiModel, type GeminiConfig } from './gemini';
import { DEFAULT_DAILY_LIMIT, trustSummaryLimits } from './trust-summary.limits';
import { generateTrustSummary } from './trust-summary.service';

// Any text: an id that names no provider is answered `invalid_provider`, not a validation error.
const idParams = z.object({ id: z.string().max(100) });

export const trustSummaryRoutes: FastifyPluginAsyncZod<{
  ctx: ServerContext;
  redis: Redis | undefined;
  gemini: GeminiConfig | undefined;
}> = async (app, { ctx, redis, gemini }) => {
  const service = {
    ctx,
    ask: gemini ? geminiModel(gemini) : undefined,
    take: trustSummaryLimits(redis, gemini?.dailyLimit ?? DEFAULT_DAILY_LIMIT),
  };

  app.post(
    '/providers/:id/trust-summary',
    {
      schema: {
        description:
          'A new AI summary of the provider’s online reputation, grounded in web search, with ' +
          'what the platform itself knows. 424 `ai_*` when the model fails; 429 over the limits.',
        params: idParams,
        body: trustSummaryBody,
        response: { 200: trustSummary },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const outcome = await generateTrustSummary(
        service,
        me,
        request.params.id,
        request.body.language,
      );
      if (outcome.kind === 'limited') {
        const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return sendError(reply, request, {
          error: 'rate_limited',
          message: `Too many AI summaries. Try again in ${minutes} minutes.`,
        });
      }
      return outcome.summary;
    },
  );
};

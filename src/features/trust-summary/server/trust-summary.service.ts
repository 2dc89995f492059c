import { z } from 'zod';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import type { ErrorCode } from '../../../shared/error-codes';
import type { Language } from '../../../shared/languages';
import { viewProvider } from '../../providers/server';
import { completedJobsOf } from '../../requests/server';
import { ratingOf } from '../../reviews/server';
import type { TrustSummary } from '../trust-summary.schema';
import { ModelTimeout, type AskModel } from './gemini';
import type { TakeGeneration } from './trust-summary.limits';
import { presentStatement, presentTrustSummary } from './trust-summary.presenter';
import { trustSummaryPrompt } from './trust-summary.prompt';

export interface TrustSummaryService {
  ctx: ServerContext;
  /** The model; undefined when GEMINI_API_KEY is not set. */
  ask: AskModel | undefined;
  take: TakeGeneration;
}

export type TrustSummaryOutcome =
  { kind: 'generated'; summary: TrustSummary } | { kind: 'limited'; retryAfterSeconds: number };

type ModelFailure = Extract<ErrorCode, 'ai_api_key' | 'ai_permission_denied' | 'ai_unknown'>;

const MODEL_FAILURES: Record<ModelFailure, string> = {
  ai_api_key: 'The AI service rejected its API key.',
  ai_permission_denied: 'The AI service denied permission.',
  ai_unknown: 'The AI summary could not be made.',
};

/** Spec core §8: the model's message decides the error key; anything else is unknown. */
export function modelFailureOf(error: unknown): ModelFailure {
  if (error instanceof ModelTimeout) return 'ai_unknown';
  const message = (error instanceof Error ? error.message : String(error)).toLowerCase();
  if (message.includes('api key not valid')) return 'ai_api_key';
  if (/permission[ _]denied|forbidden/.test(message)) return 'ai_permission_denied';
  return 'ai_unknown';
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * One new generation of a provider's trust summary for a signed-in person: the provider must be
 * one with a profile that this person may view; the hourly and daily limits are taken; the model
 * gets the public profile fields only. Every generation and refusal is audited, with no personal
 * data in its words.
 */
export async function generateTrustSummary(
  { ctx, ask, take }: TrustSummaryService,
  viewer: Actor,
  providerId: string,
  language: Language,
): Promise<TrustSummaryOutcome> {
  const audit = (outcome: 'success' | 'failure', message: string, level?: 'error') =>
    ctx.writeAudit({
      action: 'trust_summary.generate',
      outcome,
      ...(level ? { level } : {}),
      actorType: viewer.role,
      actorId: viewer.id,
      targetType: 'provider',
      targetUserId: isUuid(providerId) ? providerId : null,
      message,
    });

  if (!ask) {
    await audit('failure', 'Refused: the trust summary is not configured (no GEMINI_API_KEY).');
    throw new AppError('trust_summary_unavailable', 'The AI summary is not available here.');
  }

  const row = await providerFor(ctx, viewer, providerId).catch(async (error: unknown) => {
    const code = error instanceof AppError ? error.code : 'internal_error';
    await audit('failure', `Refused: ${code}.`);
    throw error;
  });

  const limit = await take(viewer.id);
  if (!limit.allowed) {
    await audit('failure', `Refused: the ${limit.which} limit is reached.`);
    return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
  }

  const prompt = trustSummaryPrompt(
    {
      name: row.user.name,
      category: row.profile.serviceCategory,
      location: row.profile.location,
      website: row.profile.website,
      bio: row.profile.bio,
      experienceYears: row.profile.experienceYears,
    },
    language,
  );
  const [answer, rating, completedJobs] = await Promise.all([
    ask(prompt).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    ratingOf(ctx.db, row.user.id),
    completedJobsOf(ctx.db, row.user.id),
  ]);

  if (!answer.ok || presentStatement(answer.value.text) === '') {
    const error = answer.ok ? new Error('The model answered no text.') : answer.error;
    const code = modelFailureOf(error);
    const reason = error instanceof ModelTimeout ? ' (time-out)' : '';
    await audit(
      'failure',
      `The model failed: ${code}${reason}.`,
      code === 'ai_unknown' ? undefined : 'error',
    );
    throw new AppError(code, MODEL_FAILURES[code]);
  }

  const summary = presentTrustSummary(
    answer.value,
    { rating, completedJobs, memberSince: row.user.createdAt },
    new Date(),
  );
  await audit('success', `Generated in ${language} with ${summary.sources.length} source(s).`);
  return { kind: 'generated', summary };
}

/** The provider with a profile this person may view; anyone else is `invalid_provider`. */
async function providerFor(ctx: ServerContext, viewer: Actor, providerId: string) {
  const invalid = () =>
    new AppError('invalid_provider', 'This user is not a provider with a profile.');
  if (!isUuid(providerId)) throw invalid();
  try {
    return await viewProvider(ctx, viewer, providerId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'provider_not_found') throw invalid();
    throw error;
  }
}

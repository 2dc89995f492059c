import { z } from 'zod';

/** What a form protected by the security question sends along (spec core §5). */
export const challengeAnswer = z.object({
  math_answer: z.union([z.number(), z.string()]).optional(),
  challenge_token: z.string().max(1000).optional(),
});

export const challengeResponse = z.object({ question: z.string(), token: z.string() });
export type Challenge = z.infer<typeof challengeResponse>;

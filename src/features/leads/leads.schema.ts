import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import { PLACE_RADIUS_KM, placeView } from '../places/places.schema';

/**
 * Lead alerts (docs/leads.md): a provider's standing wishes to hear of new jobs, each a set of
 * categories, a place with a radius, optional words and how often. Shared by the server, which
 * checks and stores them, and the Job alerts screen.
 */

export const LEAD_ALERT_LIMIT = 10;
export const LEAD_WORDS = { max: 10, length: { min: 1, max: 40 } } as const;
export const LEAD_FREQUENCIES = ['instant', 'daily'] as const;
export type LeadFrequency = (typeof LEAD_FREQUENCIES)[number];
/** The radius of the first alert when the profile names none (km). */
export const DEFAULT_LEAD_RADIUS_KM = 30;

/** Any control character (C0, DEL, C1): nothing a person types into a word. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** One word that must occur in a matching request (as the start of one of its words). */
export const leadWord = z
  .string()
  .trim()
  .min(LEAD_WORDS.length.min, { message: 'required' })
  .max(LEAD_WORDS.length.max, { message: 'too_long' })
  .refine((word) => !CONTROL.test(word), { message: 'choice_invalid' });

const radius = z
  .number({ message: 'choice_invalid' })
  .int({ message: 'choice_invalid' })
  .min(PLACE_RADIUS_KM.min, { message: 'choice_invalid' })
  .max(PLACE_RADIUS_KM.max, { message: 'choice_invalid' });

/** One alert as the provider writes it; a kept alert carries its id, a new one none. */
export const leadAlertInput = z.strictObject({
  id: z.uuid().optional(),
  categories: z
    .array(z.enum(CATEGORIES, { message: 'choice_invalid' }))
    .min(1, { message: 'category_required' })
    .max(CATEGORIES.length, { message: 'choice_invalid' })
    .transform((chosen) => [...new Set(chosen)]),
  place_id: z.number({ message: 'required' }).int().positive().max(2_147_483_647),
  radius_km: radius,
  words: z.array(leadWord).max(LEAD_WORDS.max, { message: 'too_long' }),
  frequency: z.enum(LEAD_FREQUENCIES, { message: 'choice_invalid' }),
});
export type LeadAlertInput = z.infer<typeof leadAlertInput>;

/**
 * The whole list (PUT replaces it). More than LEAD_ALERT_LIMIT is not a form mistake but a limit
 * the service answers with `too_many_alerts`; the array's own bound only keeps a body small.
 */
export const leadAlertsBody = z.strictObject({
  alerts: z.array(leadAlertInput).max(100, { message: 'too_long' }),
});

/** One stored alert, with its place in the reader's language for the screen to name the town. */
export const leadAlertView = z.object({
  id: z.uuid(),
  categories: z.array(z.enum(CATEGORIES)),
  place_id: z.number().int(),
  place: placeView,
  radius_km: z.number().int(),
  words: z.array(z.string()),
  frequency: z.enum(LEAD_FREQUENCIES),
});
export type LeadAlertView = z.infer<typeof leadAlertView>;

export const leadAlertsResponse = z.object({ alerts: z.array(leadAlertView) });
export type LeadAlertsResponse = z.infer<typeof leadAlertsResponse>;

import { z } from 'zod';

/** The largest id PostgreSQL's `integer` holds: GeoNames ids stay far below it. */
export const MAX_PLACE_ID = 2_147_483_647;

/**
 * A place chosen in a form, by its id (the GeoNames id): a JSON integer, or its digits as a
 * multipart form's text. Anything else (a fraction, a word, `true`, a number too large for the
 * column) is refused with `validation_failed`; whether the place exists is the service's question
 * (400 `unknown_place`). The message is the picker's own: choose a place from the list.
 */
export const placeIdField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ message: 'place_required' })
    .int({ message: 'place_required' })
    .min(1, { message: 'place_required' })
    .max(MAX_PLACE_ID, { message: 'place_required' }),
);

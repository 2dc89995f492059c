import { z } from 'zod';

/** An authenticator code or a recovery code, as typed (spaces and dashes allowed). */
const codeField = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(40, { message: 'too_long' });

/**
 * Starting an enrolment: the current password, for an account that has one, so that a session
 * left open somewhere cannot tie the account to someone else's phone.
 */
export const startEnrolmentBody = z.object({ password: z.string().max(200).optional() });

/** The profile's form for it (the field is shown only to accounts with a password). */
export const startEnrolmentForm = z.object({
  password: z.string({ message: 'required' }).min(1, { message: 'required' }).max(200),
});

/** The second step of a sign-in. */
export const secondFactorBody = z.object({ code: codeField });

/** Confirming an enrolment or replacing recovery codes: a current authenticator code. */
export const twoFactorCodeBody = z.object({ code: codeField });

/** Turning two-factor sign-in off: the account's password or a current code. */
export const disableTwoFactorBody = z
  .object({
    password: z.string().max(200).optional(),
    code: codeField.optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code), {
    message: 'required',
    path: ['code'],
  });

/** The profile's form for turning off: one field that takes the password or a code. */
export const disableTwoFactorForm = z.object({
  proof: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(200, { message: 'too_long' }),
});

/** Password or Google accepted, a code is still owed (no session yet). */
export const secondFactorRequiredResponse = z.object({ second_factor_required: z.literal(true) });

export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

export const enrolmentResponse = z.object({
  /** The otpauth:// address drawn as a QR code, an SVG document made on the server. */
  qr_svg: z.string(),
  manual_key: z.string(),
  otpauth_uri: z.string(),
});

export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

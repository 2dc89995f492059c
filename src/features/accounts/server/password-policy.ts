import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../../server/errors';
import { passwordField } from '../../../shared/password-policy';
import { VALIDATION_MESSAGES, type ValidationMessage } from '../../../shared/validation';

/**
 * The server's half of the password policy: the shared rule (`src/shared/password-policy.ts`)
 * plus the list of common passwords, which is too large to send to the browser. Registration,
 * reset and change get the rule from their route schemas and call `refuseCommonPassword`;
 * `npm run admin:create` and ADMIN_PASSWORD, which have no route, call `passwordProblem`.
 */

let common: Set<string> | undefined;

/**
 * True for a password on the zxcvbn-ts list of ~49,000 most common passwords (compared in
 * lower case, so "Password1" is refused along with "password1").
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}

export function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) {
    throw new AppError('password_common', VALIDATION_MESSAGES.password_common);
  }
}

/** What is wrong with a new password, as one English sentence; undefined when it may be used. */
export function passwordProblem(password: string): string | undefined {
  const checked = passwordField.safeParse(password);
  if (!checked.success) {
    return VALIDATION_MESSAGES[checked.error.issues[0]!.message as ValidationMessage];
  }
  if (isCommonPassword(password)) return VALIDATION_MESSAGES.password_common;
  return undefined;
}

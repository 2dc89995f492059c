import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * True for a password on the zxcvbn-ts list of ~49,000 most common passwords (compared in
 * lower case, so "Password1" is refused along with "password1").
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../../../server/errors';
import { passwordField } from '../../../shared/password-policy';
import { VALIDATION_MESSAGES, type ValidationMessage } from '../../../shared/validation';

/**
 * The server's half of the password policy: the shared rule (`src/shared/password-policy.ts`)
 * plus the list of common passwords, which is too large to send to the browser. Registration,
 * reset and change get the rule from their route schemas and call `refuseCommonPassword`;
 * `npm run admin:create` and ADMIN_PASSWORD, which have no route, call `passwordProblem`.
 */

/** A sorted list of words in one string, searched by halves: one object for the heap to keep. */
interface SortedWords {
  text: string;
  /** Where each word starts in `text`; words are separated by a newline. */
  starts: Uint32Array;
}

function sortedWords(words: string[]): SortedWords {
  const sorted = [...words].sort();
  const starts = new Uint32Array(sorted.length);
  let at = 0;
  sorted.forEach((word, index) => {
    starts[index] = at;
    at += word.length + 1;
  });
  return { text: sorted.join('\n'), starts };
}

function includes({ text, starts }: SortedWords, word: string): boolean {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const end = middle + 1 < starts.length ? starts[middle + 1]! - 1 : text.length;
    const candidate = text.slice(starts[middle], end);
    if (candidate === word) return true;
    if (candidate < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The zxcvbn-ts list, read the first time a password is checked. The package decodes all its
 * lists into some 60,000 strings at load; only the one list is kept, as one string, and the
 * package is dropped from the module cache so the rest can be collected: tens of thousands of
 * small strings held for good made every full garbage collection longer (docs/performance.md).
 */
function loadCommonPasswords(): SortedWords {
  const require = createRequire(import.meta.url);
  const { dictionary } = require('@zxcvbn-ts/language-common') as {
    dictionary: Record<string, string[]>;
  };
  const words = sortedWords(dictionary['passwords-common']!);
  const packages = `${path.sep}node_modules${path.sep}@zxcvbn-ts${path.sep}`;
  for (const file of Object.keys(require.cache)) {
    if (file.includes(packages)) delete require.cache[file];
  }
  return words;
}

let common: SortedWords | undefined;

/**
 * True for a password on the zxcvbn-ts list of ~49,000 most common passwords (compared in
 * lower case, so "Password1" is refused along with "password1").
 */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return includes(common, password.toLowerCase());
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

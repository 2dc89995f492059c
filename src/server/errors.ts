import { ERROR_STATUS, type ErrorCode } from '../shared/error-codes';

/**
 * An error a person can act on: a stable code and an English message. The HTTP status comes from
 * the code (`ERROR_STATUS` in src/shared/error-codes.ts), so a service never picks one.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent as Retry-After (seconds) with the refusal. */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** A rule's refusal as an error, with this feature's English wording for the code. */
export function refusalError(code: ErrorCode, messages: Partial<Record<ErrorCode, string>>) {
  return new AppError(code, messages[code] ?? 'This action is not possible now.');
}

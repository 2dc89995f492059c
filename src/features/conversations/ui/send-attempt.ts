/**
 * The `Idempotency-Key` of a message being sent. One key per composed message: trying the same
 * message again (after a dropped connection, whose answer never came) sends the same key, so the
 * server stores it once; a message changed since is a new message with a new key.
 */
export interface SendAttempt {
  key: string;
  /** What was sent with the key (text and files), to know the same message again. */
  fingerprint: string;
}

/** Stands for a message's text and files, as far as "the same message" goes. */
export function fingerprintOf(text: string, files: readonly File[]): string {
  return JSON.stringify([
    text.trim(),
    files.map((file) => [file.name, file.size, file.lastModified]),
  ]);
}

/** The attempt to send `fingerprint` with: the previous one's key when it is the same message. */
export function attemptFor(
  previous: SendAttempt | undefined,
  fingerprint: string,
  newKey: () => string,
): SendAttempt {
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}

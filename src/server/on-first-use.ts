/**
 * A value made the first time it is asked for, then kept: the libraries of features most requests
 * never touch (mail, images, the AI model, Redis, metrics) are loaded when first needed, or never
 * when not configured, instead of at start-up, so they do not weigh on every garbage collection
 * of a server that does not use them (docs/performance.md "Fewer steps per answer, a smaller heap").
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Write = (...args: unknown[]) => void;
type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (`request.log`), made from the app's logger only when the request writes a
 * line: most answers never do, and a pino child per request (its bindings written out, an object
 * made) was a measurable share of a small answer (docs/performance.md). Its lines carry the
 * request's id as before. Methods live on the prototype, so a request makes one small object.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made on first use. */
  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(method: Method, args: unknown[]) {
    const logger = this.#logger();
    (logger[method] as Write).apply(logger, args);
  }

  get level(): LogLevel {
    return (this.#made?.level ?? this.#options.level ?? this.#parent.level) as LogLevel;
  }

  set level(level: LogLevel) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent(...args: unknown[]) {
    this.#write('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made lazily (RequestLogger). */
export const lazyRequestLogger: ChildLoggerFactory = (parent, bindings, options) =>
  new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;

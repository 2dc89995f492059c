import { camelizeKeys, snakeizeKeys } from '../../shared/case';

/** A refused or failed call, carrying the server's stable code and the request reference. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly retryAfterSeconds?: number,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a failed read is worth one more try: a dropped connection or a server error, once and
 * quickly, so an error state shows within about a second; a refusal (4xx) never changes by asking again.
 */
export function retryRead(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  return !(error instanceof ApiError) || error.status >= 500;
}
export const RETRY_DELAY_MS = 400;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfToken(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith('csrf_token='))
    ?.slice('csrf_token='.length);
}

/**
 * The CSRF token for a write. The page hands every browser one when it loads; should the cookie
 * be gone since (cleared by the person), the session read hands out a new one.
 */
export async function csrfTokenForWrite(): Promise<string | undefined> {
  const token = csrfToken();
  if (token) return token;
  await fetch('/api/auth/session', { credentials: 'same-origin' }).catch(() => undefined);
  return csrfToken();
}

interface ApiOptions {
  method?: string;
  /** JSON body, converted to snake_case; or FormData, sent as it is. */
  body?: unknown;
  /** Keys that must keep their camelCase spelling (spec: PUT /users/password). */
  rawBody?: boolean;
  /** Headers of this call alone (e.g. `Idempotency-Key` of a message). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The one way the browser calls the server: /api prefix, cookies, a request id, the CSRF
 * header on writes, snake_case <-> camelCase, and errors as ApiError.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Request-Id': crypto.randomUUID(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.rawBody ? options.body : snakeizeKeys(options.body));
  }
  if (!READ_METHODS.has(method)) {
    const token = await csrfTokenForWrite();
    if (token) headers['X-CSRF-Token'] = token;
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Could not connect to the server.', undefined);
  }

  const requestId = response.headers.get('X-Request-Id') ?? undefined;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const payload = (data ?? {}) as {
      error?: string;
      message?: string;
      request_id?: string;
      details?: { field: string; message: string }[];
    };
    const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
    throw new ApiError(
      response.status,
      payload.error ?? 'http_error',
      payload.message ?? (response.statusText || 'An API error occurred'),
      payload.request_id ?? requestId,
      retryAfter,
      payload.details,
    );
  }
  return camelizeKeys<T>(data);
}

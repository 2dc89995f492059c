import { camelizeKeys } from '../../shared/case';
import { ApiError, csrfTokenForWrite } from './client';

/**
 * Sends a multipart form with upload progress (fetch cannot report it): `onProgress` gets the
 * bytes sent so far and the total. Errors come back as ApiError, like every other call.
 * `headers` are this call's own (e.g. a message's `Idempotency-Key`).
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  const token = await csrfTokenForWrite();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Request-Id', crypto.randomUUID());
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(event.loaded, event.total);
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'Could not connect to the server.', undefined));
    xhr.onload = () => {
      let data: Record<string, unknown> = {};
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        // not JSON: handled below as a generic failure
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(camelizeKeys<T>(data));
      reject(
        new ApiError(
          xhr.status,
          typeof data.error === 'string' ? data.error : 'http_error',
          typeof data.message === 'string'
            ? data.message
            : xhr.statusText || 'An API error occurred',
          typeof data.request_id === 'string'
            ? data.request_id
            : (xhr.getResponseHeader('X-Request-Id') ?? undefined),
          Number(xhr.getResponseHeader('Retry-After')) || undefined,
          Array.isArray(data.details)
            ? (data.details as { field: string; message: string }[])
            : undefined,
        ),
      );
    };
    xhr.send(form);
  });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What belongs to the HTTP request being answered, wherever the code that needs it runs. */
interface RequestContext {
  /** The id of the HTTP request (X-Request-Id): not a work request's id. */
  httpRequestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Carries each HTTP request's context to the code that answers it, so that an audit entry names
 * its HTTP request without every service passing the id along. Entered when the request arrives
 * and again once its body is read: the body's stream events run outside the request's own
 * asynchronous context, and the handler is called from them.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ httpRequestId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    storage.run({ httpRequestId: request.id }, done);
  });
}

/** The id of the HTTP request being answered, if any (a job or a script has none). */
export const currentHttpRequestId = () => storage.getStore()?.httpRequestId;

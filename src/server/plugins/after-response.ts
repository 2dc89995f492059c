import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';

type Task = () => Promise<unknown>;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Runs `task` once this answer is sent (or its connection is gone), so the answer never waits
     * for it and cannot tell by its timing whether there was work to do (a reset mail for a known
     * address). A failure is logged; the task raises its own alerts.
     */
    afterResponse(task: Task): void;
  }
}

/** Work started after answering; closing the app waits for it, so mail in flight is not cut off. */
export function registerAfterResponse(app: FastifyInstance) {
  const running = new Set<Promise<void>>();

  app.decorateReply('afterResponse', function (this: FastifyReply, task: Task) {
    const log = this.log;
    // Run in the request's context (request-context.ts), so its audit entries name the request.
    const inContext = AsyncResource.bind(task);
    // 'close' follows 'finish', and also comes alone when the client went away first.
    this.raw.once('close', () => {
      const run = Promise.resolve()
        .then(inContext)
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err }, 'work after the answer failed'))
        .finally(() => running.delete(run));
      running.add(run);
    });
  });

  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
}

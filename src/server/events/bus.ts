import type { Db, Tx } from '../db/types';
import { EVENTS, type DomainEvent, type EventName, type EventPayload } from './catalogue';

/** Runs in the publisher's transaction; throwing rolls the publisher's change back. */
export type EventHandler<Name extends EventName> = (
  tx: Db | Tx,
  event: DomainEvent<Name>,
) => Promise<void>;

/** What features get (`ctx.events`): publishing only. */
export interface EventPublisher {
  publish<Name extends EventName>(
    tx: Db | Tx,
    name: Name,
    payload: EventPayload<Name>,
  ): Promise<void>;
}

/** What the composition root gets: publishing, and registering the handlers. */
export interface EventBus extends EventPublisher {
  on<Name extends EventName>(name: Name, handler: EventHandler<Name>): void;
}

/**
 * Domain events delivered in the publisher's transaction, to handlers in the order they were
 * registered. A payload is checked against its declaration (catalogue.ts) before any handler sees
 * it: an event that is not declared, or does not match, fails the change that published it.
 */
export function createEventBus(clock: () => Date = () => new Date()): EventBus {
  const handlers = new Map<EventName, EventHandler<EventName>[]>();
  return {
    on(name, handler) {
      if (!(name in EVENTS)) throw new Error(`No event "${String(name)}" is declared.`);
      handlers.set(name, [...(handlers.get(name) ?? []), handler as EventHandler<EventName>]);
    },
    async publish(tx, name, payload) {
      const declared = EVENTS[name];
      if (!declared) throw new Error(`No event "${String(name)}" is declared.`);
      const checked = declared.payload.safeParse(payload);
      if (!checked.success) {
        throw new Error(`The payload of "${name}" does not match its declaration.`);
      }
      const event = {
        name,
        version: declared.version,
        payload: checked.data,
        occurredAt: clock(),
      } as DomainEvent<EventName>;
      for (const handler of handlers.get(name) ?? []) await handler(tx, event);
    },
  };
}

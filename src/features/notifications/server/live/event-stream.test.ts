import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { NotificationView } from '../../notifications.schema';
import { EventStream, type EndReason } from './event-stream';

/** A connection whose reader takes nothing: everything written stays in its buffer. */
function unreadConnection() {
  const written: string[] = [];
  const connection = {
    destroyed: false,
    ended: false,
    get writableLength() {
      return this.destroyed ? 0 : written.join('').length;
    },
    write(text: string) {
      written.push(text);
      return true;
    },
    end() {
      this.ended = true;
    },
    destroy() {
      this.destroyed = true;
    },
  };
  return { connection, written, res: connection as unknown as ServerResponse };
}

const view = (id: number): NotificationView => ({
  id,
  type: 'bid_received',
  created_at: '2026-11-30T10:00:00.000Z',
  read_at: null,
  data: { title: 'Oprava plota', amount_cents: 12_000 },
  link: '/request/00000000-0000-4000-8000-000000000001',
});

function streamOn(maxBufferBytes = 64 * 1024) {
  const { connection, written, res } = unreadConnection();
  const ends: EndReason[] = [];
  const stream = new EventStream(res, 'user', 'session', maxBufferBytes, (_s, reason) =>
    ends.push(reason),
  );
  return { stream, connection, written, ends };
}

describe('one live stream', () => {
  it('sends what was missed, then what arrived while it opened, each notification once', () => {
    const { stream, written } = streamOn();
    stream.notification(view(12));
    stream.changed({ kind: 'work_request', id: '00000000-0000-4000-8000-000000000001' });
    expect(written).toEqual([]);
    stream.start(3_000, 10, [view(11), view(12)]);
    stream.notification(view(12));
    expect(written).toEqual([
      'retry: 3000\nid: 10\n\n',
      `event: notification\nid: 11\ndata: ${JSON.stringify(view(11))}\n\n`,
      `event: notification\nid: 12\ndata: ${JSON.stringify(view(12))}\n\n`,
      'event: changed\ndata: {"kind":"work_request","id":"00000000-0000-4000-8000-000000000001"}\n\n',
    ]);
  });

  it('keeps the highest id as the cursor when an older notification commits after a newer one', () => {
    const { stream, written } = streamOn();
    stream.start(3_000, 0, []);
    stream.notification(view(21));
    stream.notification(view(20));
    expect(written.at(-1)).toBe(
      `event: notification\nid: 21\ndata: ${JSON.stringify(view(20))}\n\n`,
    );
  });

  it('cuts a reader that takes nothing once its buffer passes the bound, and holds no more', () => {
    const { stream, connection, ends } = streamOn(2_000);
    stream.start(3_000, 0, []);
    for (let id = 1; id <= 100; id++) stream.notification(view(id));
    expect(connection.destroyed).toBe(true);
    expect(ends).toEqual(['slow_reader']);
    expect(stream.open).toBe(false);
  });

  it('tells the browser when to come back before it ends', () => {
    const { stream, connection, written, ends } = streamOn();
    stream.start(3_000, 5, []);
    stream.heartbeat();
    stream.end('replaced', 60_000);
    stream.end('shutdown', 1_000);
    expect(written.slice(1)).toEqual([': keep-alive\n\n', 'retry: 60000\n\n']);
    expect(connection.ended).toBe(true);
    expect(ends).toEqual(['replaced']);
  });
});

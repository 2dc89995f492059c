import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import type { QueueMail } from './mail-queue';
import { money, notify, supportRecipient } from './notify';

function recordingQueue() {
  const queued: Parameters<QueueMail>[1][] = [];
  const queueMail: QueueMail = async (_tx, mail) => {
    queued.push(mail);
  };
  return { queued, queueMail };
}

/** notify only hands the transaction on; these tests read what it would queue. */
const tx = {} as Db;

describe('notify', () => {
  it("writes the mail in the recipient's language, money included", async () => {
    const { queued, queueMail } = recordingQueue();
    const values = { name: 'Jana', title: 'Obklad', amount: money(125050), link: 'http://x/1' };
    await notify(
      { queueMail },
      tx,
      { email: 'jana@example.test', preferredLanguage: 'sk' },
      'newBid',
      values,
    );
    await notify(
      { queueMail },
      tx,
      { email: 'john@example.test', preferredLanguage: 'en' },
      'newBid',
      values,
    );
    expect(queued[0]).toMatchObject({ kind: 'newBid', to: 'jana@example.test' });
    expect(queued[0]!.text.replace(/\s/g, ' ')).toContain('1 250,50 €');
    expect(queued[1]).toMatchObject({ kind: 'newBid', to: 'john@example.test' });
    expect(queued[1]!.text).toContain('€1,250.50');
    expect(queued[0]!.subject).not.toBe(queued[1]!.subject);
  });

  it('sends to support in the support language, with a reply-to', async () => {
    const { queued, queueMail } = recordingQueue();
    const support = supportRecipient({ supportEmail: 'help@example.test', supportLanguage: 'cs' });
    await notify(
      { queueMail },
      tx,
      support,
      'contact',
      { subject: 'Ahoj' },
      { replyTo: 'a@b.test' },
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'contact',
      to: 'help@example.test',
      replyTo: 'a@b.test',
    });
    expect(queued[0]!.subject).toContain('Ahoj');
  });
});

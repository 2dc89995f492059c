import { describe, expect, it } from 'vitest';
import type { SendMail } from './send';
import { money, notify, supportRecipient } from './notify';

function recordingSender() {
  const sent: Parameters<SendMail>[] = [];
  const sendMail: SendMail = async (...args) => {
    sent.push(args);
    return true;
  };
  return { sent, sendMail };
}

describe('notify', () => {
  it("writes the mail in the recipient's language, money included", async () => {
    const { sent, sendMail } = recordingSender();
    const values = { name: 'Jana', amount: money(125050) };
    await notify(
      { sendMail },
      { email: 'jana@example.test', preferredLanguage: 'sk' },
      'newBid',
      values,
    );
    await notify(
      { sendMail },
      { email: 'john@example.test', preferredLanguage: 'en' },
      'newBid',
      values,
    );
    expect(sent[0]!.slice(0, 3)).toEqual(['newBid', 'jana@example.test', 'sk']);
    expect(sent[0]![3].amount!.replace(/\s/g, ' ')).toBe('1 250,50 €');
    expect(sent[1]!.slice(0, 3)).toEqual(['newBid', 'john@example.test', 'en']);
    expect(sent[1]![3]).toEqual({ name: 'Jana', amount: '€1,250.50' });
  });

  it('sends to support in the support language, with a reply-to', async () => {
    const { sent, sendMail } = recordingSender();
    const support = supportRecipient({ supportEmail: 'help@example.test', supportLanguage: 'cs' });
    await notify({ sendMail }, support, 'contact', { subject: 'Ahoj' }, { replyTo: 'a@b.test' });
    expect(sent).toEqual([
      ['contact', 'help@example.test', 'cs', { subject: 'Ahoj' }, { replyTo: 'a@b.test' }],
    ]);
  });
});

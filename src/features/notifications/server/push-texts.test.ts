import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages';
import { NOTIFICATION_TYPES } from '../../../shared/notification-types';
import { INBOX_PATH, pushMessageOf } from './push-texts';

/** issue 29 §3: a push says what happened in its reader's language, and nothing private. */
const notification = (
  type: string,
  data: Record<string, unknown> = {},
  link: string | null = null,
) => ({
  id: 42,
  type,
  data,
  link,
});

describe('the text of a push', () => {
  it('has a title and a body for every kind of notification in every language', () => {
    for (const language of LANGUAGES) {
      for (const type of NOTIFICATION_TYPES) {
        const message = pushMessageOf(notification(type, { title: 'Oprava strechy' }), language);
        expect(message?.title.trim(), `${language} ${type}`).toBeTruthy();
        expect(message?.body, `${language} ${type}`).not.toMatch(/{{|}}/);
      }
    }
  });

  it('names the request by its title, and reads well without one', () => {
    expect(
      pushMessageOf(notification('bid_accepted', { title: 'Oprava strechy' }, '/request/1'), 'sk'),
    ).toEqual({
      title: 'Vaša ponuka bola prijatá',
      body: 'Klient prijal vašu ponuku na „Oprava strechy“. Jeho kontakt nájdete pri požiadavke.',
      link: '/request/1',
      tag: 'notification-42',
    });
    expect(pushMessageOf(notification('bid_received'), 'cs')).toMatchObject({
      body: 'Na jednu z vašich poptávek přišla nová nabídka.',
      link: INBOX_PATH,
    });
  });

  it('shortens a long title so that the push stays small', () => {
    const message = pushMessageOf(notification('bid_received', { title: 'x'.repeat(3000) }), 'en');
    expect(message!.body.length).toBeLessThan(200);
    expect(message!.body).toContain('…');
  });

  it('takes nothing from the data but the title', () => {
    const message = pushMessageOf(
      notification('bid_received', {
        title: 'Maľovanie',
        email: 'klient@example.test',
        phone: '+421 900 111 222',
        name: 'Ján Klient',
      }),
      'ru',
    );
    expect(JSON.stringify(message)).not.toMatch(/klient@|900 111|Ján/);
  });

  it('has no push for a kind it does not know', () => {
    expect(pushMessageOf(notification('not_a_type'), 'sk')).toBeUndefined();
  });
});

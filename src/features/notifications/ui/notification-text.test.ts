import { describe, expect, it } from 'vitest';
import { Translator, type Texts } from '../../../client/i18n/translator';
import csCommon from '../../../locales/cs/common.json';
import cs from '../../../locales/cs/notifications.json';
import enCommon from '../../../locales/en/common.json';
import en from '../../../locales/en/notifications.json';
import ruCommon from '../../../locales/ru/common.json';
import ru from '../../../locales/ru/notifications.json';
import skCommon from '../../../locales/sk/common.json';
import sk from '../../../locales/sk/notifications.json';
import ukCommon from '../../../locales/uk/common.json';
import uk from '../../../locales/uk/notifications.json';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { NOTIFICATION_TYPES } from '../../../shared/notification-types';
import { ABOUT_A_REQUEST, notificationText } from './notification-text';
import { TYPE_GROUPS, groupsFor } from './preference-groups';

const TEXTS: Record<Language, { notifications: Texts; common: Texts }> = {
  sk: { notifications: sk, common: skCommon },
  en: { notifications: en, common: enCommon },
  uk: { notifications: uk, common: ukCommon },
  ru: { notifications: ru, common: ruCommon },
  cs: { notifications: cs, common: csCommon },
};

function tFor(language: Language) {
  const i18n = new Translator({ language, resources: TEXTS[language] });
  return { t: i18n.fixedT('notifications'), common: i18n.fixedT('common') };
}

/** A text that resolved: not the key echoed back, no placeholder left unfilled. */
const resolved = (text: string) => {
  expect(text.trim()).not.toBe('');
  expect(text).not.toMatch(/^(types|facts|settings|push)\./);
  expect(text).not.toContain('{{');
};

/** Every field any kind's data carries (inbox.schema.ts), camelCased as the browser holds it. */
const everything = {
  workRequestId: '3f1c2b9e-8d4a-4c1e-9f2b-7a6d5e4c3b2a',
  title: 'Výmena batérie v kúpeľni',
  bidId: '4a1c2b9e-8d4a-4c1e-9f2b-7a6d5e4c3b2a',
  amountCents: 8950,
  providerId: '5b1c2b9e-8d4a-4c1e-9f2b-7a6d5e4c3b2a',
  providerName: 'Peter Inštalatér',
  rating: 5,
  authorName: 'Klára Zadávateľka',
  browser: 'Firefox',
  os: 'Android',
  enabled: true,
  category: 'plumbing',
  placeName: 'Košice',
  distanceKm: 31.6,
};

describe.each(LANGUAGES)('notification texts in %s', (language) => {
  const { t, common } = tFor(language);

  it.each(NOTIFICATION_TYPES)('%s says what happened, with and without its facts', (type) => {
    const full = notificationText({ type, data: everything }, t, language);
    resolved(full.title);
    resolved(full.text);
    full.facts.forEach(resolved);
    if (ABOUT_A_REQUEST.has(type)) expect(full.text).toContain(everything.title);

    const bare = notificationText({ type, data: {} }, t, language);
    resolved(bare.title);
    resolved(bare.text);
    expect(bare.facts).toEqual([]);
    expect(bare.title).toBe(full.title);

    resolved(t(`settings.types.${type}`));
  });

  it('says whether two-factor sign-in was turned on or off, and names the sign-in’s device', () => {
    const on = notificationText(
      { type: 'two_factor_changed', data: { enabled: true } },
      t,
      language,
    );
    const off = notificationText(
      { type: 'two_factor_changed', data: { enabled: false } },
      t,
      language,
    );
    resolved(on.text);
    resolved(off.text);
    expect(on.text).not.toBe(off.text);
    const signIn = notificationText(
      { type: 'new_device_sign_in', data: { browser: 'Firefox', os: null } },
      t,
      language,
    );
    expect(signIn.facts).toHaveLength(1);
    expect(signIn.facts[0]).toContain('Firefox');
    expect(signIn.facts[0]).not.toContain('·');
  });

  it('names a lead’s town and its distance in whole kilometres', () => {
    const lead = notificationText(
      {
        type: 'new_lead',
        data: { title: 'Výmena bojlera', placeName: 'Košice', distanceKm: 31.6 },
      },
      t,
      language,
    );
    expect(lead.text).toContain('Výmena bojlera');
    expect(lead.facts).toHaveLength(1);
    expect(lead.facts[0]).toMatch(/Košice.*32/);
    const near = notificationText(
      { type: 'new_lead', data: { placeName: 'Prešov', distanceKm: null } },
      t,
      language,
    );
    expect(near.facts).toHaveLength(1);
    expect(near.facts[0]).toContain('Prešov');
    expect(near.facts[0]).not.toMatch(/\d/);
  });

  it('shows the price in the language, and only the facts the data carries', () => {
    const { facts } = notificationText(
      { type: 'bid_received', data: { amountCents: 125050, rating: 9, device: ' ' } },
      t,
      language,
    );
    expect(facts).toHaveLength(1);
    expect(facts[0]).toContain(language === 'en' ? '€1,250.50' : '250,50');
  });

  it('names the unread count in the bell with the plural form of each count', () => {
    for (const count of [1, 2, 3, 5, 11, 21, 22, 100]) {
      const label = common('nav.notificationsUnread', { count });
      resolved(label);
      expect(label).toContain(String(count));
      expect(t('unread', { count })).toContain(String(count));
    }
  });
});

describe('settings groups', () => {
  it('offer every kind once, and every role the account kinds', () => {
    const grouped = Object.values(TYPE_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const role of ['client', 'provider', 'administrator'] as const)
      expect(groupsFor(role)).toContain('account');
  });
});

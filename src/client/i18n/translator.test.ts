import { describe, expect, it } from 'vitest';
import { Translator, type Texts } from './translator';

const plurals = (forms: Record<string, string>) =>
  Object.fromEntries(Object.entries(forms).map(([form, text]) => [`item_${form}`, text]));

function translator(language: string, resources: Record<string, Texts>) {
  return new Translator({ language, resources });
}

describe('Translator', () => {
  it('chooses Russian and Ukrainian plural forms by count', () => {
    const ru = translator('ru', {
      common: plurals({
        one: '{{count}} заявка',
        few: '{{count}} заявки',
        many: '{{count}} заявок',
      }),
    });
    const uk = translator('uk', {
      common: plurals({
        one: '{{count}} заявка',
        few: '{{count}} заявки',
        many: '{{count}} заявок',
      }),
    });
    for (const i18n of [ru, uk]) {
      expect([1, 2, 5, 11, 21, 22, 25].map((count) => i18n.t('item', { count }))).toEqual([
        '1 заявка',
        '2 заявки',
        '5 заявок',
        '11 заявок',
        '21 заявка',
        '22 заявки',
        '25 заявок',
      ]);
    }
  });

  it('chooses Slovak and Czech plural forms by count', () => {
    const forms = plurals({
      one: '{{count}} ponuka',
      few: '{{count}} ponuky',
      other: '{{count}} ponúk',
    });
    for (const language of ['sk', 'cs']) {
      const i18n = translator(language, { common: forms });
      expect([1, 2, 4, 5, 0].map((count) => i18n.t('item', { count }))).toEqual([
        '1 ponuka',
        '2 ponuky',
        '4 ponuky',
        '5 ponúk',
        '0 ponúk',
      ]);
    }
  });

  it('uses _zero for a count of 0 where there is one, and the bare key without plural forms', () => {
    const i18n = translator('en', {
      common: { ...plurals({ zero: 'none', one: 'one', other: 'many' }), plain: '{{count}} x' },
    });
    expect(i18n.t('item', { count: 0 })).toBe('none');
    expect(i18n.t('item', { count: 1 })).toBe('one');
    expect(i18n.t('item', { count: 7 })).toBe('many');
    expect(i18n.t('plain', { count: 3 })).toBe('3 x');
  });

  it('fills placeholders, leaving one without a value as written, and never escapes', () => {
    const i18n = translator('en', {
      common: { hello: 'Hi {{name}}, {{ age }} <b>{{missing}}</b>' },
    });
    expect(i18n.t('hello', { name: 'Ann & <Bob>', age: 30 })).toBe(
      'Hi Ann & <Bob>, 30 <b>{{missing}}</b>',
    );
  });

  it('answers the key (without its namespace) for a missing text', () => {
    const i18n = translator('en', { common: { a: { b: 'x' } }, auth: {} });
    expect(i18n.t('nothing.here')).toBe('nothing.here');
    expect(i18n.t('auth:signIn')).toBe('signIn');
    expect(i18n.t('a')).toBe('a'); // an object, not asked for as one
  });

  it('reads nested keys, other namespaces with ns:key, and a bound namespace', () => {
    const i18n = translator('en', {
      common: { nav: { home: 'Home' } },
      auth: { form: { email: 'E-mail' } },
    });
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('auth:form.email')).toBe('E-mail');
    const t = i18n.fixedT('auth');
    expect(t('form.email')).toBe('E-mail');
    expect(t('common:nav.home')).toBe('Home');
    expect(t('nav.home')).toBe('nav.home');
  });

  it('answers objects and lists with returnObjects, their strings filled in', () => {
    const i18n = translator('en', {
      privacy: { data: { paragraphs: ['Write to {{email}}.', 'Or call.'] } },
    });
    const t = i18n.fixedT('privacy');
    expect(t('data.paragraphs', { returnObjects: true, email: 'a@b.sk' })).toEqual([
      'Write to a@b.sk.',
      'Or call.',
    ]);
  });

  it('says whether a text exists', () => {
    const i18n = translator('en', { common: { yes: 'Yes' }, errors: { not_found: 'Not found' } });
    expect(i18n.exists('yes')).toBe(true);
    expect(i18n.exists('errors:not_found')).toBe(true);
    expect(i18n.exists('errors:teapot')).toBe(false);
    expect(i18n.exists('no')).toBe(false);
  });

  it('loads missing namespaces once, switches language with them, and tells listeners', async () => {
    const loads: string[] = [];
    const i18n = new Translator({
      language: 'sk',
      resources: { common: { hi: 'Ahoj' } },
      load: async (language, ns) => {
        loads.push(`${language}/${ns}`);
        return ns === 'common' ? { hi: language === 'en' ? 'Hi' : 'Ahoj' } : { title: ns };
      },
    });
    expect(i18n.loadTexts(['common'])).toBeUndefined();
    const first = i18n.loadTexts(['auth']);
    expect(i18n.loadTexts(['auth'])).toBe(first);
    await first;
    expect(i18n.fixedT('auth')('title')).toBe('auth');

    let changes = 0;
    const stop = i18n.subscribe(() => void (changes += 1));
    const before = i18n.fixedT('common');
    await i18n.changeLanguage('en');
    stop();
    expect(i18n.language).toBe('en');
    expect(i18n.t('hi')).toBe('Hi');
    expect(i18n.fixedT('common')).not.toBe(before);
    expect(changes).toBeGreaterThan(0);
    expect(loads.sort()).toEqual(['en/auth', 'en/common', 'sk/auth']);
  });

  it('forgets a failed load so that it can be tried again', async () => {
    let fail = true;
    const i18n = new Translator({
      language: 'sk',
      load: async () => {
        if (fail) throw new Error('offline');
        return { a: 'A' };
      },
    });
    await expect(i18n.loadTexts(['auth'])).rejects.toThrow('offline');
    fail = false;
    await i18n.loadTexts(['auth']);
    expect(i18n.fixedT('auth')('a')).toBe('A');
  });

  it('reports the namespaces a render used', () => {
    const i18n = translator('sk', { common: {}, home: {}, auth: {} });
    i18n.noteUsed(['common']);
    i18n.noteUsed(['home', 'common']);
    expect(i18n.usedNamespaces().sort()).toEqual(['common', 'home']);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordField } from './password-policy';

const refusal = (password: string) => passwordField.safeParse(password).error?.issues[0]?.message;

describe('the password rule', () => {
  it.each([
    ['a Slovak capital with a háček', 'Čučoriedka1'],
    ['Slovak capitals and a lower-case letter with a vokáň', 'ŽltýKôň99'],
    ['a Czech capital', 'Řeřicha2025'],
    ['Ukrainian Cyrillic', 'Жовтень2025'],
    ['Russian Cyrillic', 'Ёлочка2025'],
    ['plain ASCII', 'Remeslo2025x'],
  ])('accepts %s (%s)', (_, password) => {
    expect(passwordField.safeParse(password).success).toBe(true);
  });

  it.each([
    ['čučoriedka1', 'password_uppercase'],
    ['жовтень2025', 'password_uppercase'],
    ['heslo×2025', 'password_uppercase'],
    ['ČUČORIEDKA1', 'password_lowercase'],
    ['ЖОВТЕНЬ2025', 'password_lowercase'],
    ['ŽltýKôňxx', 'password_digit'],
    ['Čuč1', 'password_length'],
    [`Aa1${'x'.repeat(200)}`, 'too_long'],
  ])('refuses %s with %s', (password, message) => {
    expect(refusal(password)).toBe(message);
  });
});

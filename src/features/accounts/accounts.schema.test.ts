import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  registerClientForm,
  registerProviderForm,
  resetPasswordForm,
} from './accounts.schema';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? [];

const client = {
  name: 'Jana Nová',
  email: 'jana@example.test',
  password: 'Čučoriedka1',
  confirm: 'Čučoriedka1',
};

describe('the forms that ask for a new password twice', () => {
  it('accept matching passwords and do not send the confirmation', () => {
    const parsed = registerClientForm.parse(client);
    expect(parsed).toMatchObject({ email: 'jana@example.test', password: 'Čučoriedka1' });
    expect(parsed).not.toHaveProperty('confirm');
    expect(
      changePasswordForm.parse({
        currentPassword: 'Stare2024x',
        newPassword: 'ŽltýKôň99',
        confirm: 'ŽltýKôň99',
      }),
    ).toEqual({ currentPassword: 'Stare2024x', newPassword: 'ŽltýKôň99' });
    expect(resetPasswordForm.parse({ password: 'Жовтень2025', confirm: 'Жовтень2025' })).toEqual({
      password: 'Жовтень2025',
    });
  });

  it.each([
    ['registration as a client', registerClientForm, client],
    ['registration as a provider', registerProviderForm, { ...client, phone_number: '+421 900 1' }],
    [
      'the password change',
      changePasswordForm,
      { currentPassword: 'Stare2024x', newPassword: 'Čučoriedka1', confirm: 'Čučoriedka1' },
    ],
    ['the password reset', resetPasswordForm, { password: 'Čučoriedka1', confirm: 'Čučoriedka1' }],
  ])('%s refuses a confirmation that differs', (_, schema, values) => {
    expect(schema.safeParse(values).success).toBe(true);
    expect(issues(schema.safeParse({ ...values, confirm: 'Čučoriedka2' }))).toContainEqual([
      'confirm',
      'passwords_mismatch',
    ]);
  });

  it("names the mismatch together with the other fields' mistakes", () => {
    expect(
      issues(
        registerClientForm.safeParse({ ...client, email: 'jana', password: 'kratke', confirm: '' }),
      ),
    ).toEqual([
      ['email', 'email_invalid'],
      ['password', 'password_length'],
      ['password', 'password_uppercase'],
      ['password', 'password_digit'],
      ['confirm', 'passwords_mismatch'],
    ]);
  });
});

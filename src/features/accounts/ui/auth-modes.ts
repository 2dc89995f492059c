/** The modes of /auth (spec accounts §2 "Authentication screen"); login is the default. */
export const AUTH_MODES = [
  'login',
  'register-client',
  'register-provider',
  'forgot-password',
  'verification-required',
] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export function authModeOf(value: string | null): AuthMode {
  return (AUTH_MODES as readonly string[]).includes(value ?? '') ? (value as AuthMode) : 'login';
}

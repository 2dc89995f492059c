import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { Language } from '../../../shared/languages';
import { providerKeys } from '../../providers/ui/providers.api';
import type { AccountUser, SignedInDevice } from '../accounts.schema';

export type SessionUser = CamelCased<AccountUser>;

export const accountKeys = {
  /** The signed-in person, or null: the header, guards and pages all read this one entry. */
  session: () => ['session'] as const,
  resetToken: (token: string) => ['password-reset', token] as const,
  emailVerification: (token: string, email: string) => ['verify-email', token, email] as const,
  devices: () => ['signed-in-devices'] as const,
};

export type Device = CamelCased<SignedInDevice>;

const hasSessionMarker = () =>
  document.cookie.split('; ').some((part) => part.startsWith('has_session='));

export async function fetchSession(): Promise<SessionUser | null> {
  // Spec accounts §4: the session is checked only when the has_session marker exists.
  if (!hasSessionMarker()) return null;
  try {
    return (await api<{ user: SessionUser }>('/auth/session')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Entries that belong to nobody in particular and survive a change of account. */
const SHARED_KEYS = new Set<unknown>(['session', 'health']);

/** Leaving an account (sign-out, disabling, deletion): nothing of that person stays cached. */
function forgetAccount(queryClient: QueryClient) {
  queryClient.setQueryData(accountKeys.session(), null);
  queryClient.removeQueries({ predicate: (query) => !SHARED_KEYS.has(query.queryKey[0]) });
}

/** Every answer that carries the person's account puts it in the session entry at once. */
function useSetSessionUser() {
  const queryClient = useQueryClient();
  return ({ user }: { user: SessionUser }) => {
    queryClient.setQueryData(accountKeys.session(), user);
  };
}

/** A sign-in answers the account, or (two-factor sign-in) that a code is still owed. */
/** A finished sign-in says whether it was the account's first (a welcome, not "welcome back"). */
export type SignedIn = { user: SessionUser; firstSignIn: boolean };
export type SignInAnswer = SignedIn | { secondFactorRequired: true };

export const needsSecondFactor = (answer: SignInAnswer): answer is { secondFactorRequired: true } =>
  'secondFactorRequired' in answer;

/** Puts the account of a finished sign-in in the session entry; a pending one changes nothing. */
function useSetSignedInUser() {
  const setUser = useSetSessionUser();
  return (answer: SignInAnswer) => {
    if (!needsSecondFactor(answer)) setUser(answer);
  };
}

export function useLogin() {
  const onSuccess = useSetSignedInUser();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api<SignInAnswer>('/auth/login', { method: 'POST', body: input }),
    onSuccess,
  });
}

/** The second step of a sign-in: the authenticator's code or a recovery code. */
export function useSecondFactor() {
  const onSuccess = useSetSessionUser();
  return useMutation({
    mutationFn: (input: { code: string }) =>
      api<SignedIn>('/auth/second-factor', { method: 'POST', body: input }),
    onSuccess,
  });
}

/** Signs out on the server; this browser forgets the session whatever it answers (spec accounts §4). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/logout', { method: 'POST' }),
    onSettled: () => forgetAccount(queryClient),
  });
}

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  phoneNumber?: string | undefined;
  mathAnswer: string;
  challengeToken: string | undefined;
  /** The page to come back to after verifying and signing in (the server checks it again). */
  next?: string | undefined;
}

export function useRegister(role: 'client' | 'provider') {
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      api(`/auth/register/${role}`, { method: 'POST', body: input }),
  });
}

/** Always the same answer, whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api('/password-reset/request-reset', { method: 'POST', body: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api('/auth/resend-verification', { method: 'POST', body: input }),
  });
}

/** Whose reset link this is (name and email), or a refusal for an unknown or used one. */
export function usePasswordResetToken(token: string | null) {
  return useQuery({
    queryKey: accountKeys.resetToken(token ?? ''),
    queryFn: () =>
      api<{ email: string; name: string }>(
        `/password-reset/verify-token/${encodeURIComponent(token!)}`,
      ),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api('/password-reset/reset-password', { method: 'POST', body: input }),
  });
}

/** Opening the mailed link verifies the address; the answer is kept for the page's life. */
export function useEmailVerification(token: string | null, email: string | null) {
  return useQuery({
    queryKey: accountKeys.emailVerification(token ?? '', email ?? ''),
    queryFn: () =>
      api<{ message: string; alreadyVerified: boolean }>(
        `/auth/verify-email?${new URLSearchParams({ token: token!, email: email! }).toString()}`,
      ),
    enabled: Boolean(token && email),
    retry: false,
    staleTime: Infinity,
  });
}

export function useCompleteGoogleRegistration() {
  const onSuccess = useSetSessionUser();
  return useMutation({
    mutationFn: (input: { token: string; role: 'client' | 'provider' }) =>
      api<{ user: SessionUser }>('/auth/google/complete-registration', {
        method: 'POST',
        body: input,
      }),
    onSuccess,
  });
}

export function useChangePassword() {
  return useMutation({
    // Spec: this body keeps its camelCase keys.
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api('/users/password', { method: 'PUT', body: input, rawBody: true }),
  });
}

/** The profile form (multipart: a provider may send a picture); a provider's public page follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      api<{ user: SessionUser }>('/users/profile', { method: 'PUT', body }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKeys.session(), user);
      return queryClient.invalidateQueries({ queryKey: providerKeys.detail(user.id), exact: true });
    },
  });
}

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      api('/users/language', { method: 'PUT', body: { preferredLanguage: language } }),
    onSuccess: async (_answer, language) => {
      queryClient.setQueryData<SessionUser | null>(
        accountKeys.session(),
        (user) => user && { ...user, preferredLanguage: language },
      );
      // The account's places are named in its language: read again, they come in the new one.
      const user = queryClient.getQueryData<SessionUser | null>(accountKeys.session());
      if (user?.place || user?.providerProfile?.place)
        await queryClient.invalidateQueries({ queryKey: accountKeys.session(), exact: true });
    },
  });
}

/** A person who disabled their own account turns it back on (after proving who they are). */
export function useEnableAccount() {
  const onSuccess = useSetSignedInUser();
  return useMutation({
    mutationFn: () => api<SignInAnswer>('/users/enable', { method: 'POST' }),
    onSuccess,
  });
}

export function useDisableAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/users/disable', { method: 'PATCH' }),
    onSuccess: () => forgetAccount(queryClient),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/users/account', { method: 'DELETE' }),
    onSuccess: () => forgetAccount(queryClient),
  });
}

/** The person's live sessions, for the Security tab's device list. */
export function useSignedInDevices() {
  return useQuery({
    queryKey: accountKeys.devices(),
    queryFn: async () => (await api<{ sessions: Device[] }>('/users/sessions')).sessions,
  });
}

/** Ends one session from the list; ending this browser's own signs it out here too. */
export function useEndDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<Device, 'id' | 'current'>) =>
      api(`/users/sessions/${encodeURIComponent(device.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, device) =>
      device.current
        ? forgetAccount(queryClient)
        : queryClient.invalidateQueries({ queryKey: accountKeys.devices(), exact: true }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ended: number }>('/users/sessions/sign-out-others', { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accountKeys.devices(), exact: true }),
  });
}

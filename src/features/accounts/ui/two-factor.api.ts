import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { TwoFactorStatus } from '../two-factor.schema';

export const twoFactorKeys = { status: () => ['two-factor'] as const };

/** Whether the signed-in person's sign-in asks for an authenticator code. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: twoFactorKeys.status(),
    queryFn: () => api<CamelCased<TwoFactorStatus>>('/users/two-factor'),
    enabled,
  });
}

export interface Enrolment {
  qrSvg: string;
  manualKey: string;
  otpauthUri: string;
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: (input: { password?: string }) =>
      api<Enrolment>('/users/two-factor/enrolment', { method: 'POST', body: input }),
  });
}

/** Writes that change the status refresh it (recovery codes left, on or off). */
function useStatusWrite<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}

export const useConfirmEnrolment = () =>
  useStatusWrite((input: { code: string }) =>
    api<{ recoveryCodes: string[] }>('/users/two-factor/enrolment/confirm', {
      method: 'POST',
      body: input,
    }),
  );

export const useRegenerateRecoveryCodes = () =>
  useStatusWrite((input: { code: string }) =>
    api<{ recoveryCodes: string[] }>('/users/two-factor/recovery-codes', {
      method: 'POST',
      body: input,
    }),
  );

export const useDisableTwoFactor = () =>
  useStatusWrite((input: { password?: string; code?: string }) =>
    api('/users/two-factor/disable', { method: 'POST', body: input }),
  );

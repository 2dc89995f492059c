import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Guard } from '../../accounts/ui/RequireRole';

/**
 * Spec accounts §6 for /create: a signed-in client (else an info notice and home) with a
 * verified email (else home, where the verification banner offers the link again).
 */
export function RequireClientToPost({ children }: { children: ReactNode }) {
  const { t } = useTranslation('requests');
  return (
    <Guard
      refuse={(user) =>
        !user || user.role !== 'client'
          ? { kind: 'info', text: t('create.clientOnly') }
          : !user.emailVerified
            ? { kind: 'info', text: t('create.notVerified') }
            : undefined
      }
    >
      {children}
    </Guard>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useNotify } from '../../../client/layout/Notifications';
import { useSession } from '../../accounts/ui/session';

/**
 * Spec accounts §6 for /create: a signed-in client (else an info notice and home) with a
 * verified email (else home, where the verification banner offers the link again).
 */
export function RequireClientToPost({ children }: { children: ReactNode }) {
  const { t } = useTranslation('requests');
  const { status, user } = useSession();
  const { notify } = useNotify();
  const refusal =
    status === 'loading'
      ? undefined
      : !user || user.role !== 'client'
        ? 'clientOnly'
        : !user.emailVerified
          ? 'notVerified'
          : undefined;
  const told = useRef(false);
  useEffect(() => {
    if (!refusal || told.current) return;
    told.current = true;
    notify('info', t(refusal === 'clientOnly' ? 'create.clientOnly' : 'create.notVerified'));
  }, [refusal, notify, t]);
  if (status === 'loading') return <PageLoading />;
  if (refusal) return <Navigate to="/" replace />;
  return children;
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useNotify } from '../../../client/layout/Notifications';
import type { Role } from '../../../shared/statuses';
import { useSession } from './session';

/**
 * Guards of spec accounts §6: a visitor is sent home with "must be logged in"; a signed-in
 * person without the role is sent home with "insufficient permissions". The server enforces
 * the same rules on every call; this only spares people a page they cannot use.
 */
export function RequireRole({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const { notify } = useNotify();
  const refusal =
    status === 'offline'
      ? 'mustLogIn'
      : user && roles && !roles.includes(user.role)
        ? 'forbidden'
        : undefined;
  const told = useRef(false);

  useEffect(() => {
    if (!refusal || told.current) return;
    told.current = true;
    if (refusal === 'mustLogIn') notify('info', t('guards.mustLogIn'));
    else notify('error', t('guards.forbidden'));
  }, [refusal, notify, t]);

  if (status === 'loading') return <PageLoading />;
  if (refusal) return <Navigate to="/" replace />;
  return children;
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Navigate } from 'react-router';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useNotify } from '../../../client/layout/Notifications';
import type { Role } from '../../../shared/statuses';
import { useSession, type SessionUser } from './session';

/** Why a page is refused: the notice to show (already translated) before going home. */
export interface Refusal {
  kind: 'info' | 'error';
  text: string;
}

/**
 * Shows the page once the session is known, or sends the person home with one notice.
 * The server enforces the same rules on every call; this only spares people a page they cannot use.
 */
export function Guard({
  refuse,
  children,
}: {
  refuse: (user: SessionUser | undefined) => Refusal | undefined;
  children: ReactNode;
}) {
  const { status, user } = useSession();
  const { notify } = useNotify();
  const refusal = status === 'loading' ? undefined : refuse(user);
  const told = useRef(false);

  useEffect(() => {
    // Whoever ended the session (sign-out, disabling, deletion) has already said so: one notice only.
    if (!refusal || told.current || status === 'ended') return;
    told.current = true;
    notify(refusal.kind, refusal.text);
  }, [refusal, notify, status]);

  if (status === 'loading') return <PageLoading />;
  if (refusal) return <Navigate to="/" replace />;
  return children;
}

/**
 * Guards of spec accounts §6: a visitor is sent home with "must be logged in"; a signed-in
 * person without the role is sent home with "insufficient permissions".
 */
export function RequireRole({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Guard
      refuse={(user) =>
        !user
          ? { kind: 'info', text: t('guards.mustLogIn') }
          : roles && !roles.includes(user.role)
            ? { kind: 'error', text: t('guards.forbidden') }
            : undefined
      }
    >
      {children}
    </Guard>
  );
}

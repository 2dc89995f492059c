import {
  ExternalLink,
  Pencil,
  Trash2,
  Unlock,
  UserCheck,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { useForm } from '../../../client/hooks/useForm';
import { adminUserFilters, type AdminUserType } from '../admin.schema';
import {
  useAdminSetStatus,
  useAdminUnlock,
  useAdminUsers,
  type AdminUserRow,
  type UserFilters,
} from './admin.api';
import { DeleteUserDialog, EditUserDialog } from './UserDialogs';
import {
  AccountStatusBadge,
  ColumnFields,
  DataList,
  ListArea,
  TabSection,
  SecurityCell,
  type Column,
  type TabProps,
} from './parts';
import { SearchForm, SelectFilter, TextFilter } from './search-form';

type Open = { kind: 'edit' | 'delete'; user: AdminUserRow } | null;

/** Clients or providers: search, status filter, the security cell and every action on a user. */
export function UsersTab({ userType: role, page, onPage }: TabProps & { userType: AdminUserType }) {
  const { t } = useTranslation(['admin', 'categories']);
  const form = useForm<Record<string, string>>({ search: '', account_status: '' });
  const [filters, setFilters] = useState<UserFilters>({});
  const [open, setOpen] = useState<Open>(null);
  const list = useAdminUsers(role, filters, page);
  const act = useUserActions(role);
  const heading = t(role === 'client' ? 'tabs.clients' : 'tabs.providers');

  const phoneOf = (user: AdminUserRow) =>
    role === 'client' ? user.phoneNumber : (user.provider?.contactPhone ?? null);
  const phone = (user: AdminUserRow) => {
    const number = phoneOf(user);
    return number ? (
      <a
        href={`tel:${number.replace(/\s/g, '')}`}
        className="whitespace-nowrap text-brand-800 underline underline-offset-4"
      >
        {number}
      </a>
    ) : (
      t('notAvailable')
    );
  };
  const category = (user: AdminUserRow) =>
    user.provider?.serviceCategory
      ? t(`categories:${user.provider.serviceCategory}`)
      : t('notAvailable');
  const security = (user: AdminUserRow) => (
    <SecurityCell
      isLocked={user.isLocked}
      lockUntil={user.lockUntil}
      failedLoginAttempts={user.failedLoginAttempts}
    />
  );

  const actions = (user: AdminUserRow) => {
    const disabled = user.accountStatus === 'disabled';
    return (
      <div className="flex flex-wrap gap-2">
        {role === 'provider' && (
          <Link to={`/provider/${user.id}`} className={SMALL}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('actions.view')}
            <ForUser user={user} />
          </Link>
        )}
        <UserAction
          user={user}
          icon={Pencil}
          label={t('actions.edit')}
          onClick={() => setOpen({ kind: 'edit', user })}
        />
        <UserAction
          user={user}
          icon={disabled ? UserCheck : UserX}
          label={t(disabled ? 'actions.enable' : 'actions.disable')}
          disabled={act.busy}
          onClick={() => void act.toggle(user)}
        />
        {(user.isLocked || user.failedLoginAttempts > 0) && (
          <UserAction
            user={user}
            icon={Unlock}
            label={t('actions.unlock')}
            disabled={act.busy}
            onClick={() => void act.unlock(user)}
          />
        )}
        <UserAction
          user={user}
          icon={Trash2}
          label={t('actions.delete')}
          className="text-red-800"
          onClick={() => setOpen({ kind: 'delete', user })}
        />
      </div>
    );
  };

  const cells = {
    name: (user: AdminUserRow) => <span className="font-semibold break-words">{user.name}</span>,
    category,
    email: (user: AdminUserRow) => <span className="break-all">{user.email}</span>,
    phone,
    contactPhone: phone,
    status: (user: AdminUserRow) => <AccountStatusBadge status={user.accountStatus} />,
    security,
  };
  const columns: Column<AdminUserRow>[] = (
    role === 'client'
      ? (['name', 'email', 'phone', 'status', 'security'] as const)
      : (['name', 'category', 'email', 'contactPhone', 'status', 'security'] as const)
  ).map((key) => ({ key, header: t(`users.columns.${key}`), cell: cells[key] }));

  return (
    <TabSection name={role} title={heading}>
      <SearchForm
        className="sm:grid-cols-[1fr_14rem_auto] sm:items-start"
        buttonClass="btn-primary sm:mt-6"
        noValidate
        onSearch={() => {
          const checked = form.check(adminUserFilters);
          if (!checked) return;
          setFilters(checked);
          onPage(1);
        }}
      >
        <TextFilter
          id="field-search"
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={form.values.search ?? ''}
          onChange={(search) => form.set('search', search)}
          error={form.fieldError('search')}
        />
        <SelectFilter
          id="field-account_status"
          label={t('users.accountStatus')}
          value={form.values.account_status ?? ''}
          onChange={(status) => form.set('account_status', status)}
          error={form.fieldError('account_status')}
          options={[
            { value: '', label: t('filters.all') },
            { value: 'active', label: t('accountStatus.active') },
            { value: 'disabled', label: t('accountStatus.disabled') },
          ]}
        />
      </SearchForm>

      <ListArea
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.users}
        empty={t(role === 'client' ? 'users.emptyClients' : 'users.emptyProviders')}
      >
        {(users) => (
          <DataList
            wide
            rows={users}
            cardClass="card flex flex-col gap-3 p-4"
            card={(user) => (
              <>
                <ColumnFields columns={columns} row={user} />
                {actions(user)}
              </>
            )}
            columns={[
              ...columns,
              {
                key: 'actions',
                header: t('actions.label'),
                cellClass: 'w-64 p-3',
                cell: actions,
              },
            ]}
          />
        )}
      </ListArea>
      {open?.kind === 'edit' && (
        <EditUserDialog role={role} user={open.user} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'delete' && (
        <DeleteUserDialog role={role} user={open.user} onClose={() => setOpen(null)} />
      )}
    </TabSection>
  );
}

const SMALL = 'btn-secondary min-h-10 px-3 text-sm';

/** "– name" for screen readers, so each row's buttons say whose they are. */
function ForUser({ user }: { user: AdminUserRow }) {
  return <span className="sr-only">{` – ${user.name}`}</span>;
}

/** One small action button of a user's row. */
function UserAction({
  user,
  icon: Icon,
  label,
  className,
  disabled,
  onClick,
}: {
  user: AdminUserRow;
  icon: LucideIcon;
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className ? `${SMALL} ${className}` : SMALL}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
      <ForUser user={user} />
    </button>
  );
}

/** Enable or disable, and unlock: each after a confirmation, each with its own notices (spec accounts §8). */
function useUserActions(role: AdminUserType) {
  const { t } = useTranslation('admin');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const setStatus = useAdminSetStatus();
  const unlock = useAdminUnlock();

  const toggle = async (user: AdminUserRow) => {
    const enable = user.accountStatus === 'disabled';
    const yes = await confirm({
      title: t(enable ? 'users.enableTitle' : 'users.disableTitle'),
      message: t(enable ? 'users.enableMessage' : 'users.disableMessage', { name: user.name }),
      confirmLabel: t(enable ? 'actions.enable' : 'actions.disable'),
      destructive: !enable,
    });
    if (!yes) return;
    setStatus.mutate(
      { role, id: user.id, status: enable ? 'active' : 'disabled' },
      {
        onSuccess: () =>
          notify(
            'success',
            t(enable ? 'notices.enabled' : 'notices.disabled', { name: user.name }),
          ),
        onError: (error) => notify('error', `${t('notices.statusFailed')} ${errorText(error)}`),
      },
    );
  };

  const unlockUser = async (user: AdminUserRow) => {
    const yes = await confirm({
      title: t('users.unlockTitle'),
      message: t('users.unlockMessage', { name: user.name }),
      confirmLabel: t('actions.unlock'),
    });
    if (!yes) return;
    unlock.mutate(
      { role, id: user.id },
      {
        onSuccess: () => notify('success', t('notices.unlocked', { name: user.name })),
        // Spec accounts §8: the unlock failure shows the server's own message.
        onError: (error) => notify('error', errorText(error, 'http_error')),
      },
    );
  };

  return { toggle, unlock: unlockUser, busy: setStatus.isPending || unlock.isPending };
}

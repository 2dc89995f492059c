import { Eye, ShieldAlert, ShieldCheck, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ModalDialog } from '../../../client/components/ui/ModalDialog';
import { Pagination } from '../../../client/components/ui/Pagination';
import { Spinner } from '../../../client/components/ui/Spinner';
import { MARKET_TIME_ZONE } from '../../../shared/format';
import { LOCALE_OF, type Language } from '../../../shared/languages';
import type { AccountStatus } from '../../../shared/statuses';

/** A moment such as "23. 11. 2026 17:41" in the page's language (seconds for the audit trail). */
export function formatDateTime(value: string, language: string, seconds = false): string {
  const locale = LOCALE_OF[language as Language] ?? language;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: seconds ? 'medium' : 'short',
    // The market's time, as everywhere in the product, whatever the administrator's machine says.
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}

/** What every tab gets from the page: the page number from the address and a way to change it. */
export interface TabProps {
  page: number;
  onPage: (page: number) => void;
}

/** A tab's panel content, named by a heading only screen readers see (the tab shows it). */
export function TabSection({
  name,
  title,
  children,
}: {
  name: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`admin-${name}-heading`}>
      <h2 id={`admin-${name}-heading`} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Cards below the breakpoint, a table from it on (DESIGN: mobile first). */
export const BREAKPOINT = {
  cards: 'lg:hidden',
  table: 'hidden lg:block',
  wideCards: 'xl:hidden',
  wideTable: 'hidden xl:block',
} as const;

interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The results area of a tab: a spinner while the first page loads, the connection error in place
 * of the list when it fails (spec accounts §8), the list, and "page X of Y" when there is more
 * than one page (spec accounts §2). A page without rows says so with `empty`.
 */
export function ListArea<T extends { pagination: { totalPages: number } }, R>({
  query,
  page,
  onPage,
  items,
  empty,
  children,
}: {
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  /** The rows of a page; none shows `empty` in their place. */
  items: (data: T) => R[];
  empty: string;
  children: (rows: R[], data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const busy = query.isPending || (query.isFetching && query.isPlaceholderData);
  return (
    <div aria-live="polite" aria-busy={busy} className="mt-4">
      {query.isPending ? (
        <div className="flex min-h-48 items-center justify-center">
          <Spinner label={t('loading')} />
        </div>
      ) : query.isError || !query.data ? (
        <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
          <WifiOff aria-hidden="true" className="size-8 text-stone-400" />
          <p className="font-medium">{t('apiConnectionError')}</p>
          <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {busy && (
            <div className="mb-2 flex justify-end">
              <Spinner label={t('loading')} />
            </div>
          )}
          {items(query.data).length === 0 ? (
            <EmptyList text={empty} />
          ) : (
            children(items(query.data), query.data)
          )}
          <Pagination
            page={page}
            totalPages={query.data.pagination.totalPages}
            onPage={(next) => {
              if (next >= 1 && next <= query.data!.pagination.totalPages) onPage(next);
            }}
          />
        </>
      )}
    </div>
  );
}

function EmptyList({ text }: { text: string }) {
  return <p className="card p-8 text-center font-medium text-stone-700">{text}</p>;
}

/** One column of a list: its header, and its cell for a row (classes default to `p-3`). */
export interface Column<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  headerClass?: string;
  cellClass?: string;
}

/**
 * The rows of a tab twice: as cards below the breakpoint, as a table from it on (`wide` moves the
 * breakpoint to xl for the wide lists). Each card is `card(row)` inside an `<li>` of `cardClass`.
 */
export function DataList<R extends { id: string | number }>({
  rows,
  columns,
  card,
  cardClass,
  wide = false,
  tableClass = 'w-full text-left text-sm',
}: {
  rows: R[];
  columns: Column<R>[];
  card: (row: R) => ReactNode;
  cardClass: string;
  wide?: boolean;
  tableClass?: string;
}) {
  return (
    <>
      <ul className={`flex flex-col gap-3 ${wide ? BREAKPOINT.wideCards : BREAKPOINT.cards}`}>
        {rows.map((row) => (
          <li key={row.id} className={cardClass}>
            {card(row)}
          </li>
        ))}
      </ul>
      {/* A table wider than the screen scrolls inside its card, never the page. */}
      <div className={`card overflow-x-auto ${wide ? BREAKPOINT.wideTable : BREAKPOINT.table}`}>
        <table className={tableClass}>
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.headerClass ?? 'p-3'}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {rows.map((row) => (
              <tr key={row.id} className="align-top">
                {columns.map((column) => (
                  <td key={column.key} className={column.cellClass ?? 'p-3'}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A label and its value in a card's `<dl>`. */
export function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="contents">
      <dt className="text-stone-600">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/**
 * A card's `<dl>` of the columns, each header beside its cell. A long header wraps between its
 * words within two fifths of the card, so the values keep the room they need on a phone.
 */
export function ColumnFields<R>({ columns, row }: { columns: Column<R>[]; row: R }) {
  return (
    <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {columns.map((column) => (
        <Field key={column.key} label={column.header} className="min-w-0">
          {column.cell(row)}
        </Field>
      ))}
    </dl>
  );
}

/**
 * A queue of the console (reports, cases, verifications): a page of rows, each opened by its
 * button (`open`), as cards with their fields or as a table with the button in its last column.
 */
export function QueueList<
  T extends { pagination: { totalPages: number } },
  R extends { id: string | number },
>({
  query,
  page,
  onPage,
  items,
  empty,
  columns,
  open,
  wide = false,
}: {
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  items: (data: T) => R[];
  empty: string;
  columns: Column<R>[];
  open: (row: R) => ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <ListArea query={query} page={page} onPage={onPage} items={items} empty={empty}>
      {(rows) => (
        <DataList
          wide={wide}
          rows={rows}
          cardClass="card flex flex-col gap-3 p-4"
          card={(row) => (
            <>
              <ColumnFields columns={columns} row={row} />
              <div>{open(row)}</div>
            </>
          )}
          columns={[...columns, { key: 'actions', header: t('actions.label'), cell: open }]}
        />
      )}
    </ListArea>
  );
}

/** Account status; "N/A" when there is none (spec accounts §2). */
export function AccountStatusBadge({ status }: { status: AccountStatus | null | undefined }) {
  const { t } = useTranslation('admin');
  const style =
    status === 'active'
      ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
      : status === 'disabled' || status === 'suspended'
        ? 'bg-red-50 text-red-900 ring-red-300'
        : 'bg-stone-100 text-stone-800 ring-stone-300';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${style}`}
    >
      {status ? t(`accountStatus.${status}`) : t('notAvailable')}
    </span>
  );
}

/** "Locked until …" or "Good", with the failed sign-ins when there are any (spec accounts §2). */
export function SecurityCell({
  isLocked,
  lockUntil,
  failedLoginAttempts,
}: {
  isLocked: boolean;
  lockUntil: string | null;
  failedLoginAttempts: number;
}) {
  const { t, i18n } = useTranslation('admin');
  if (isLocked && lockUntil) {
    return (
      <span className="inline-flex items-start gap-1 text-sm font-medium text-red-800">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('security.lockedUntil', { time: formatDateTime(lockUntil, i18n.language) })}
      </span>
    );
  }
  return (
    <span className="inline-flex items-start gap-1 text-sm text-stone-700">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
      {failedLoginAttempts > 0
        ? t('security.goodWithFailures', { count: failedLoginAttempts })
        : t('security.good')}
    </span>
  );
}

/**
 * A modal on the native <dialog> (focus trap, Escape, inert page from the browser), open while
 * mounted; Escape or the backdrop's cancel closes it through `onClose`.
 */
export function AdminDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog title={title} onClose={onClose} width="max-w-xl">
      {children}
    </ModalDialog>
  );
}

/** A table row's button that opens its detail; its name says which row (`about`) to a reader. */
export function ViewButton({
  label,
  about,
  onClick,
}: {
  label: string;
  about: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn-secondary min-h-10 px-3 text-sm" onClick={onClick}>
      <Eye aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only">{` – ${about}`}</span>
    </button>
  );
}

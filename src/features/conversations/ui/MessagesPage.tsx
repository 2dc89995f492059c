import { MessagesSquare } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet, useLocation, useMatch, useSearchParams } from 'react-router';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useTranslation } from '../../../client/i18n/react';
import { PAGE_PATHS } from '../../../shared/routes';
import { useSession } from '../../accounts/ui/session';
import { ConversationList } from './ConversationList';
import { useNow } from '../../../client/hooks/useNow';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /messages and /messages/:id (docs/conversations.md): the list of the viewer's threads and the
 * open thread (the child route). On a wide screen both side by side; on a phone one at a time,
 * the list at /messages and the thread at /messages/:id with a way back.
 */
export function MessagesPage() {
  const { t } = useTranslation('conversations');
  const { user } = useSession();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const currentId = useMatch(PAGE_PATHS.conversation)?.params.id;
  const page = pageFrom(params.get('page'));
  const now = useNow();

  return (
    <div className={`container-page ${currentId ? 'py-3' : 'py-6'} lg:py-8`}>
      <h1 className={`text-2xl font-bold sm:text-3xl ${currentId ? 'max-lg:sr-only' : ''}`}>
        {t('title')}
      </h1>
      <div
        className={`${currentId ? '' : 'mt-4'} lg:mt-6 lg:grid lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-6`}
      >
        <section
          aria-label={t('list.label')}
          className={`${currentId ? 'max-lg:hidden' : ''} lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto lg:pr-1`}
        >
          <ConversationList
            page={page}
            onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            currentId={currentId}
            search={search}
            role={user?.role}
            now={now}
          />
        </section>
        <div className={currentId ? 'min-w-0' : 'max-lg:hidden'}>
          {/* A thread's code loads in its pane; the list stays. */}
          <Suspense
            fallback={
              <div className="card flex min-h-80 items-center justify-center">
                <Spinner label={t('loadingThread')} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** /messages on a wide screen: the pane beside the list until a thread is chosen. */
export function NoThreadChosen() {
  const { t } = useTranslation('conversations');
  useDocumentTitle(t('title'));
  return (
    <div className="card flex h-full min-h-80 flex-col items-center justify-center gap-3 p-8 text-center text-stone-600">
      <MessagesSquare aria-hidden="true" className="size-10 text-stone-400" />
      <p>{t('choose')}</p>
    </div>
  );
}

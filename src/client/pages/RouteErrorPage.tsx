import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { isChunkLoadError, mayReloadForChunks, reloadForChunks } from '../chunk-reload';
import { PageLoading } from '../components/ui/PageLoading';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/**
 * What a person sees when a page fails instead of a blank screen: a page's code
 * that did not arrive (after a deploy: reload once by itself), or a failure while rendering.
 * `standalone` when the layout itself failed, so the page brings its own main landmark.
 */
export function RouteErrorPage({
  error,
  standalone = false,
}: {
  error: unknown;
  standalone?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  // Decided once: the mark the reload sets must not turn this render into the error page.
  const [reloading] = useState(() => chunk && mayReloadForChunks());
  useDocumentTitle(t('routeError.title'));
  useEffect(() => {
    if (reloading) reloadForChunks();
  }, [reloading]);

  if (reloading) return <PageLoading />;
  const page = (
    <div className="container-page flex flex-col items-center py-20 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-amber-600" />
      <h1 className="mt-4 text-3xl font-bold">{t('routeError.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">
        {t(chunk ? 'routeError.chunkMessage' : 'routeError.message')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        {/* A full load, not a route change: whatever broke this page starts afresh. */}
        <a href="/" className="btn-secondary">
          {t('routeError.goHome')}
        </a>
      </div>
    </div>
  );
  return standalone ? (
    <main id="main" className="min-h-dvh">
      {page}
    </main>
  ) : (
    page
  );
}

import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { HomePage } from '../features/home/ui/HomePage';

/**
 * The pages of the app. Keep in step with PAGE_PATHS in src/shared/routes.ts, which the
 * server uses to answer unknown paths with 404. Pages other than home load on demand.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'privacy',
        lazy: async () => ({
          Component: (await import('../features/legal/ui/PrivacyRoute')).PrivacyRoute,
        }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
]);

import { PAGE_PATHS } from './routes';

/**
 * Which page a path shows, for its title and description (locales `meta.json`): the client sets
 * them as the person moves around, the server writes them into index.html for the first paint
 * and for crawlers.
 */
export type PageKey =
  | 'home'
  | 'browse'
  | 'privacy'
  | 'contact'
  | 'auth'
  | 'create'
  | 'request'
  | 'provider'
  | 'directory'
  | 'profile'
  | 'notifications'
  | 'messages'
  | 'admin'
  | 'notFound';

const KEYS: [path: string, key: PageKey][] = [
  [PAGE_PATHS.home, 'home'],
  [PAGE_PATHS.browse, 'browse'],
  [PAGE_PATHS.privacy, 'privacy'],
  [PAGE_PATHS.contact, 'contact'],
  [PAGE_PATHS.auth, 'auth'],
  [PAGE_PATHS.googleCallback, 'auth'],
  [PAGE_PATHS.passwordReset, 'auth'],
  [PAGE_PATHS.verifyEmail, 'auth'],
  [PAGE_PATHS.create, 'create'],
  [PAGE_PATHS.request, 'request'],
  [PAGE_PATHS.provider, 'provider'],
  [PAGE_PATHS.directory, 'directory'],
  [PAGE_PATHS.profile, 'profile'],
  [PAGE_PATHS.notifications, 'notifications'],
  [PAGE_PATHS.messages, 'messages'],
  [PAGE_PATHS.conversation, 'messages'],
  [PAGE_PATHS.admin, 'admin'],
];

const PATTERNS = KEYS.map(
  ([path, key]) => [new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}/?$`), key] as const,
);

export function pageKeyOf(pathname: string): PageKey {
  return PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'notFound';
}

/** Pages anyone may open without an account: crawlers may index them and the sitemap lists them. */
export const PUBLIC_PAGE_PATHS = [
  PAGE_PATHS.home,
  PAGE_PATHS.browse,
  PAGE_PATHS.directory,
  PAGE_PATHS.privacy,
  PAGE_PATHS.contact,
] as const;

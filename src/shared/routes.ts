/**
 * The browser's pages, shared so the server can answer unknown paths with 404
 * (and the not-found page) instead of a 200.
 * Add a page here and in src/client/router.tsx together.
 */
export const PAGE_PATHS = {
  home: '/',
  privacy: '/privacy',
  contact: '/contact',
  auth: '/auth',
  googleCallback: '/auth/callback',
  passwordReset: '/password-reset',
  verifyEmail: '/verify-email',
  profile: '/profile',
  notifications: '/notifications',
  messages: '/messages',
  conversation: '/messages/:id',
  browse: '/browse',
  create: '/create',
  request: '/request/:id',
  provider: '/provider/:id',
  /** The public directory of providers, by category and around a place. */
  directory: '/providers',
  admin: '/admin',
} as const;

/** The address of a conversation's page (/messages/:id): links in the screens, inbox and mail. */
export const threadPath = (id: string) => PAGE_PATHS.conversation.replace(':id', id);

const PAGE_PATTERNS: RegExp[] = Object.values(PAGE_PATHS).map(
  (path) => new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);

export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

import type { Role } from '../../shared/statuses';
import { isPagePath } from '../../shared/routes';

export interface NavItem {
  to: string;
  /** Key in the `common` namespace. */
  label: string;
  /**
   * Shown in the desktop header only where it has room (from 1280 px: at 1024 px the Ukrainian
   * labels would wrap), and always in the phone menu.
   */
  wide?: boolean;
}

/**
 * Header items by role (spec core §2 "Header and footer"), and "Jobs for me" for a provider who
 * chose a service area. An item appears once its page exists in the app, so no link ever leads to
 * a page that is not there.
 */
export function navItemsFor(role: Role | undefined, jobsForMe?: string): NavItem[] {
  const items: (NavItem & { show: boolean })[] = [
    { to: '/browse', label: 'nav.browse', show: true },
    // A provider with a service area: browse around their town (providers/jobs-for-me.ts).
    {
      to: jobsForMe ?? '',
      label: 'nav.jobsForMe',
      wide: true,
      show: role === 'provider' && !!jobsForMe,
    },
    { to: '/create', label: 'nav.create', show: role === 'client' },
    { to: '/profile', label: 'nav.profile', show: role !== undefined },
    { to: '/admin', label: 'nav.admin', show: role === 'administrator' },
    { to: '/auth', label: 'nav.login', show: role === undefined },
    { to: '/auth?mode=register-client', label: 'nav.register', show: role === undefined },
  ];
  return items.filter((item) => item.show && isPagePath(item.to.split('?')[0]!));
}

import type { ComponentType } from 'react';
import { NavLink } from 'react-router';

/** More than this shows as "99+" in the badge (the accessible name keeps the number). */
const BADGE_MAX = 99;

/**
 * A header icon link with a count of unread things as a badge (the bell, the messages): `label`
 * is its accessible name, which says the count in words.
 */
export function CountLink({
  to,
  icon: Icon,
  count,
  label,
}: {
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  count: number;
  label: string;
}) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      title={label}
      data-unread={count}
      className={({ isActive }) =>
        `relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg border ${
          isActive
            ? 'border-brand-100 bg-brand-50 text-brand-800'
            : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
        }`
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </NavLink>
  );
}

import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/react';
import { NavLink } from 'react-router';
import { ApiIndicator } from './ApiIndicator';
import { LanguageSelector } from './LanguageSelector';
import type { NavItem } from './nav-items';

/** Full-screen menu for small screens; the page behind it does not scroll (spec core §2). */
export function MobileMenu({
  items,
  onClose,
  onSignOut,
}: {
  items: NavItem[];
  onClose: () => void;
  onSignOut?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    document.body.classList.add('overflow-hidden');
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('overflow-hidden');
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  // Rendered into <body>: the sticky header's backdrop filter would otherwise confine a fixed overlay.
  return createPortal(
    <div
      id="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label={t('nav.menu')}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white"
    >
      <div className="flex h-16 items-center justify-between border-b border-stone-200 px-4">
        <ApiIndicator />
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="btn-secondary size-11 p-0"
          aria-label={t('nav.closeMenu')}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <nav aria-label={t('nav.main')} className="flex flex-col gap-1 p-4">
        <NavLink
          to="/"
          end
          onClick={onClose}
          className="rounded-lg px-3 py-3 text-lg font-medium hover:bg-stone-100"
        >
          {t('nav.home')}
        </NavLink>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onClose}
            className="rounded-lg px-3 py-3 text-lg font-medium hover:bg-stone-100"
          >
            {t(item.label)}
          </NavLink>
        ))}
        {onSignOut && (
          <button
            type="button"
            onClick={() => {
              onClose();
              onSignOut();
            }}
            className="rounded-lg px-3 py-3 text-left text-lg font-medium hover:bg-stone-100"
          >
            {t('nav.logout')}
          </button>
        )}
      </nav>
      <div className="mt-auto border-t border-stone-200 p-4">
        <LanguageSelector id="language-mobile" />
      </div>
    </div>,
    document.body,
  );
}

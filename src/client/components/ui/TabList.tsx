/**
 * A row of tabs (WAI-ARIA tabs pattern): the selected tab is the one focus stop, and the arrow
 * keys move between tabs. Each tab controls the panel `${idPrefix}panel-${name}`, which the page
 * renders with `role="tabpanel"` and `aria-labelledby={`${idPrefix}tab-${name}`}`.
 */
export function TabList<T extends string>({
  tabs,
  current,
  onSelect,
  label,
  labelOf,
  idPrefix = '',
  className = '',
}: {
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  /** The accessible name of the tab row. */
  label: string;
  labelOf: (tab: T) => string;
  idPrefix?: string;
  /** Layout of the row (wrapping or scrolling), added to the shared border. */
  className?: string;
}) {
  const tabId = (name: T) => `${idPrefix}tab-${name}`;
  return (
    <div role="tablist" aria-label={label} className={`border-b border-stone-200 ${className}`}>
      {tabs.map((name) => (
        <button
          key={name}
          id={tabId(name)}
          type="button"
          role="tab"
          tabIndex={current === name ? 0 : -1}
          aria-selected={current === name}
          aria-controls={`${idPrefix}panel-${name}`}
          onClick={() => onSelect(name)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = tabs[(tabs.indexOf(name) + step + tabs.length) % tabs.length]!;
            onSelect(next);
            document.getElementById(tabId(next))?.focus();
          }}
          className={`-mb-px min-h-11 border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 ${
            current === name
              ? 'border-brand-700 text-brand-800'
              : 'border-transparent text-stone-600 hover:text-stone-900'
          }`}
        >
          {labelOf(name)}
        </button>
      ))}
    </div>
  );
}

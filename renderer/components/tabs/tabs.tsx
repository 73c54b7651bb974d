import { useId, type KeyboardEvent, type ReactNode } from 'react';

/** A tab list with its one panel: arrow keys move between tabs, one tab stop. */
export function Tabs<T extends string>({
  label,
  tabs,
  current,
  onChange,
  className,
  children,
}: {
  label: string;
  tabs: readonly { id: T; label: ReactNode }[];
  current: T;
  onChange(tab: T): void;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const at = tabs.findIndex((tab) => tab.id === current);
    const next = tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    onChange(next.id);
    document.getElementById(`${id}-${next.id}`)?.focus();
  }
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((entry) => (
          <button
            key={entry.id}
            id={`${id}-${entry.id}`}
            type="button"
            role="tab"
            aria-selected={current === entry.id}
            aria-controls={`${id}-panel`}
            tabIndex={current === entry.id ? 0 : -1}
            className={current === entry.id ? 'tab active' : 'tab'}
            onClick={() => onChange(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${current}`}
        className={className}
      >
        {children}
      </div>
    </>
  );
}

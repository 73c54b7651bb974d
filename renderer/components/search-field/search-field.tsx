import { useEffect, useId, useRef } from 'react';
import type { MatchTierCounts } from '../../../shared/catalog/tree-types';
import { plural } from '../../../shared/plural';
import { useAppStore } from '../../store/use-app-store';
import { isSearchShortcut, isTextField } from './search-shortcut';

/**
 * The one search field over every connected catalog. "/" or Ctrl/Cmd+F focus it, Esc clears
 * it. Typing only sets the text: the host searches (store/view-sync.ts).
 */
export function SearchField() {
  const text = useAppStore((state) => state.searchText);
  const setText = useAppStore((state) => state.setSearchText);
  const view = useAppStore((state) => state.view);
  const input = useRef<HTMLInputElement>(null);
  const countId = useId();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        !isSearchShortcut({
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inTextField: isTextField(event.target),
        })
      )
        return;
      // Ctrl+F would open the browser's find, which cannot see the rows virtualization left out.
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A search of a huge catalog that took more than a frame or two: the count is not its answer yet.
  const summary = view.searching
    ? 'Searching…'
    : view.query
      ? `${view.shownResources.toLocaleString('en')} of ${plural(view.resourceTotal, 'resource')}${tiersSaid(view.matchTiers)}`
      : plural(view.resourceTotal, 'resource');
  return (
    <div className="search-field">
      <input
        ref={input}
        type="search"
        aria-label="Search resources"
        maxLength={1000}
        aria-describedby={countId}
        placeholder="Search title, name, URI, description  ( / )"
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
          }
        }}
      />
      <span id={countId} className="search-count muted small" aria-live="polite">
        {view.searching ? (
          <>
            <span className="spinner" aria-hidden="true" /> {summary}
          </>
        ) : (
          summary
        )}
      </span>
    </div>
  );
}

/**
 * How the matches matched, best first, where some are fuzzy or exact: " · 1 exact, 3,443 fuzzy".
 */
function tiersSaid(tiers: MatchTierCounts | undefined): string {
  if (!tiers || (tiers.fuzzy === 0 && tiers.exact === 0)) return '';
  const parts = [
    tiers.exact ? `${tiers.exact.toLocaleString('en')} exact` : '',
    tiers.contains ? `${tiers.contains.toLocaleString('en')} containing it` : '',
    tiers.fuzzy ? `${tiers.fuzzy.toLocaleString('en')} fuzzy` : '',
  ];
  return ` · ${parts.filter(Boolean).join(', ')}`;
}

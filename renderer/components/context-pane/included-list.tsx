import { memo } from 'react';
import { MAX_INCLUDED_SHOWN, type IncludedEntry } from '../../../shared/context/context-wire';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { DECISION_TAGS } from '../decision-badge/decision-badge';

/**
 * Every included resource with its tokens, in context order (the first 2,000); a click
 * reveals it in the tree. The host sends the list only while it is open: 2,000 entries in
 * every frame cost the host, the link and the page when nobody looks. One whose contents
 * changed since the last frame is highlighted a moment and says "updated"; one whose server
 * is not connected says its text is the last read.
 */
export function IncludedList() {
  const included = useAppStore((state) => state.context.included);
  const count = useAppStore((state) => state.context.includedCount);
  const updated = useAppStore((state) => state.context.includedUpdated);
  const stale = useAppStore((state) => state.context.includedStale);
  const open = useAppStore((state) => state.showIncluded);
  const setOpen = useAppStore((state) => state.setShowIncluded);
  const revealResource = useAppStore((state) => state.revealResource);
  if (count === 0) return null;
  const listed = Math.min(count, MAX_INCLUDED_SHOWN);
  return (
    <details
      className="included-list"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="small">
        Tokens per resource (
        {count > listed
          ? `the first ${formatCount(listed)} of ${formatCount(count)}`
          : formatCount(count)}
        )
        {updated > 0 ? (
          <span className="included-updated"> · {formatCount(updated)} updated</span>
        ) : null}
        {stale > 0 ? (
          <span className="warn-text"> · {formatCount(stale)} from servers not connected</span>
        ) : null}
      </summary>
      {open ? (
        <ol className="small">
          {included.map((entry) => (
            <IncludedRow key={entry.key} entry={entry} reveal={revealResource} />
          ))}
        </ol>
      ) : null}
    </details>
  );
}

/**
 * One entry. A frame brings every entry anew (parsed from JSON), so a row compares what it
 * shows: a toggle among 2,000 renders the rows that changed, not 2,000.
 */
const IncludedRow = memo(
  function IncludedRow({
    entry,
    reveal,
  }: {
    entry: IncludedEntry;
    reveal: (serverId: string, uri: string) => unknown;
  }) {
    return (
      // The highlight is an animation of the class: it plays when a frame says the entry changed.
      <li className={entry.changed ? 'included-changed' : undefined}>
        <button
          type="button"
          className="link-button mono break"
          onClick={() => void reveal(entry.serverId, entry.uri)}
        >
          {entry.uri}
        </button>{' '}
        <span className="muted">
          {formatCount(entry.tokens)} · {DECISION_TAGS[entry.kind].words}
        </span>
        {entry.changed ? <span className="included-updated"> · updated</span> : null}
        {entry.stale ? (
          <span className="warn-text"> · its server is not connected: last read text</span>
        ) : null}
      </li>
    );
  },
  (before, after) =>
    before.reveal === after.reveal &&
    before.entry.uri === after.entry.uri &&
    before.entry.serverId === after.entry.serverId &&
    before.entry.tokens === after.entry.tokens &&
    before.entry.kind === after.entry.kind &&
    before.entry.changed === after.entry.changed &&
    before.entry.stale === after.entry.stale,
);

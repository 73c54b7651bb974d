import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { DECISION_TAGS } from '../decision-badge/decision-badge';

/**
 * Every included resource with its tokens, in context order, as the frame lists them (the
 * first 2,000); a click reveals it in the tree. One whose contents changed since the last
 * frame is highlighted a moment and says "updated"; one whose server is not connected says
 * its text is the last read.
 */
export function IncludedList() {
  const included = useAppStore((state) => state.context.included);
  const count = useAppStore((state) => state.context.includedCount);
  const revealResource = useAppStore((state) => state.revealResource);
  if (count === 0) return null;
  const updated = included.filter((entry) => entry.changed).length;
  const stale = included.filter((entry) => entry.stale).length;
  return (
    <details className="included-list">
      <summary className="small">
        Tokens per resource ({count > included.length ? `the first ${formatCount(included.length)} of ${formatCount(count)}` : formatCount(count)})
        {updated > 0 ? <span className="included-updated"> · {formatCount(updated)} updated</span> : null}
        {stale > 0 ? <span className="warn-text"> · {formatCount(stale)} from servers not connected</span> : null}
      </summary>
      <ol className="small">
        {included.map((entry) => (
          // The highlight is an animation of the class: it plays when a frame says the entry changed.
          <li key={entry.key} className={entry.changed ? 'included-changed' : undefined}>
            <button type="button" className="link-button mono break" onClick={() => void revealResource(entry.serverId, entry.uri)}>
              {entry.uri}
            </button>{' '}
            <span className="muted">
              {formatCount(entry.tokens)} · {DECISION_TAGS[entry.kind].words}
            </span>
            {entry.changed ? <span className="included-updated"> · updated</span> : null}
            {entry.stale ? <span className="warn-text"> · its server is not connected: last read text</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

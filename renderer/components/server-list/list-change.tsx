import type { CatalogChange, ServerId } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';

const CAUSE: Record<CatalogChange['cause'], string> = {
  'list-changed': 'the server said its list changed',
  refresh: 'Refresh',
  reconnect: 'after reconnecting',
};

/**
 * What the last listing again changed, e.g. "+2 −1 ~3 · 14:02:11", until the user says it was seen.
 */
export function ListChange({ serverId }: { serverId: ServerId }) {
  const change = useAppStore((state) => state.catalogs[serverId]?.lastChange);
  const seen = useAppStore((state) => state.seenChanges[serverId]);
  const markChangeSeen = useAppStore((state) => state.markChangeSeen);
  if (!change || seen === change.at) return null;
  const empty = change.added + change.removed + change.changed === 0;
  const time = new Date(change.at).toLocaleTimeString('en-GB');
  return (
    <div className="list-change" role="status">
      <details>
        <summary>
          <span className="list-change-counts">
            {empty ? 'No change' : null}
            {change.added > 0 ? <span className="diff-added">+{change.added}</span> : null}
            {change.removed > 0 ? (
              <span className="diff-removed">
                {'\u2212'}
                {change.removed}
              </span>
            ) : null}
            {change.changed > 0 ? <span className="diff-changed">~{change.changed}</span> : null}
          </span>{' '}
          <span className="muted">
            · {time} · {CAUSE[change.cause]}
          </span>
        </summary>
        <ChangeList label="Added" uris={change.sample.added} total={change.added} />
        <ChangeList label="Removed" uris={change.sample.removed} total={change.removed} />
        <ChangeList label="Changed" uris={change.sample.changed} total={change.changed} />
      </details>
      <button
        type="button"
        className="link-button"
        onClick={() => markChangeSeen(serverId, change.at)}
        aria-label="Dismiss the list change"
      >
        Seen
      </button>
    </div>
  );
}

function ChangeList({ label, uris, total }: { label: string; uris: string[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="small">
      <strong>{label}</strong>
      <ul className="change-uris mono">
        {uris.map((uri) => (
          <li key={uri}>{uri}</li>
        ))}
        {total > uris.length ? (
          <li className="muted">and {(total - uris.length).toLocaleString('en')} more</li>
        ) : null}
      </ul>
    </div>
  );
}

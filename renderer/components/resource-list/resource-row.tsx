import { memo } from 'react';
import type { ResourceEntry } from '../../../shared/host-api';

interface ResourceRowProps {
  id: string;
  entry: ResourceEntry;
  selected: boolean;
  serverName: string | undefined;
  onSelect(): void;
}

/** One option of the catalog listbox. Memoised: a new page must not re-render 500 unchanged rows. */
export const ResourceRow = memo(function ResourceRow({ id, entry, selected, serverName, onSelect }: ResourceRowProps) {
  const { audience, priority } = entry.annotations ?? {};
  return (
    <li id={id} role="option" aria-selected={selected} className="resource-row" onClick={onSelect}>
      <div className="row-line">
        <span className="row-title">{entry.title ?? entry.name}</span>
        <span className="row-badges">
          {typeof priority === 'number' ? <span className="badge priority">p {formatPriority(priority)}</span> : null}
          {audience?.map((who) => (
            <span key={who} className={`badge audience-${who === 'user' ? 'user' : 'assistant'}`}>
              {who}
            </span>
          ))}
        </span>
      </div>
      <div className="row-uri muted mono">
        {serverName !== undefined ? <span className="row-server">{serverName} · </span> : null}
        {entry.uri}
      </div>
    </li>
  );
});

function formatPriority(priority: number): string {
  return Number.isFinite(priority) ? String(Math.round(priority * 100) / 100) : '?';
}

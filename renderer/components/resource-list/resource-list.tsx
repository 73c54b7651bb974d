import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ResourceEntry } from '../../../shared/host-api';
import { resourceKeyString, sameResource } from '../../store/resource-key';
import { useAppStore } from '../../store/use-app-store';
import { filterResources } from './filter-resources';
import { ResourceRow } from './resource-row';

const EMPTY: ResourceEntry[] = [];
/** The most rows rendered at once, so 100,000 resources cannot freeze the page; the filter narrows the rest. */
export const RENDER_LIMIT = 500;

/** Every server's resources as one listbox; arrows and Enter select, the selection drives the detail. */
export function ResourceList() {
  const lists = useAppStore(useShallow((state) => state.serverOrder.map((id) => state.catalogs[id]?.resources ?? EMPTY)));
  const serverNames = useAppStore(useShallow((state) => Object.fromEntries(state.serverOrder.map((id) => [id, state.servers[id]?.name ?? id]))));
  const filter = useAppStore((state) => state.filter);
  const selected = useAppStore((state) => state.selected);
  const select = useAppStore((state) => state.select);
  const { shown, total } = useMemo(() => filterResources(lists, filter, RENDER_LIMIT), [lists, filter]);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const activeIndex = selected ? shown.findIndex((entry) => sameResource(entry, selected)) : -1;
  const showServer = Object.keys(serverNames).length > 1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = shown.length - 1;
    const page = 10;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, activeIndex + page),
      PageUp: Math.max(0, activeIndex - page),
      Enter: Math.max(0, activeIndex),
      ' ': Math.max(0, activeIndex),
    };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    const entry = shown[next];
    if (entry) select({ serverId: entry.serverId, uri: entry.uri });
  }

  const resourceCount = lists.reduce((sum, list) => sum + list.length, 0);
  return (
    <div className="resource-list-wrap">
      <p className="muted small list-summary" aria-live="polite">
        {filter.trim() ? `${total.toLocaleString('en')} of ${resourceCount.toLocaleString('en')} resources match` : `${resourceCount.toLocaleString('en')} resources`}
      </p>
      <ul
        ref={listRef}
        className="resource-list"
        role="listbox"
        aria-label="Resources"
        tabIndex={0}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onKeyDown={onKeyDown}
      >
        {shown.map((entry, index) => (
          <ResourceRow
            key={resourceKeyString(entry)}
            id={optionId(index)}
            entry={entry}
            selected={index === activeIndex}
            serverName={showServer ? serverNames[entry.serverId] : undefined}
            onSelect={() => {
              select({ serverId: entry.serverId, uri: entry.uri });
              listRef.current?.focus();
            }}
          />
        ))}
      </ul>
      {total > shown.length ? (
        <p className="more-note small">
          {(total - shown.length).toLocaleString('en')} more: refine the filter
        </p>
      ) : null}
      {resourceCount > 0 && total === 0 ? <p className="muted small">No resource matches the filter.</p> : null}
    </div>
  );
}

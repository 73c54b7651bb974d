import { useShallow } from 'zustand/react/shallow';
import type { CatalogWarning } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';

const EMPTY: CatalogWarning[] = [];
/** A server can warn on every page; past this many the box only counts them. */
const SHOWN = 50;

/**
 * What the host noticed while listing (cursor loops, duplicates, invalid items), above the list.
 */
export function CatalogWarnings() {
  const lists = useAppStore(
    useShallow((state) => state.serverOrder.map((id) => state.catalogs[id]?.warnings ?? EMPTY)),
  );
  const names = useAppStore(
    useShallow((state) => state.serverOrder.map((id) => state.servers[id]?.name ?? id)),
  );
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  if (total === 0) return null;
  const rows: { server: string; warning: CatalogWarning }[] = [];
  lists.forEach((list, index) => {
    for (const warning of list)
      if (rows.length < SHOWN) rows.push({ server: names[index] ?? '', warning });
  });
  return (
    <div className="warning-box" role="region" aria-label="Catalog warnings">
      <p className="warning-title">
        {total} catalog {total === 1 ? 'warning' : 'warnings'}
      </p>
      <ul>
        {rows.map(({ server, warning }, index) => (
          <li key={index}>
            <span className="badge warn">{warning.kind}</span>{' '}
            {names.length > 1 ? <strong>{server}: </strong> : null}
            {warning.message}
            {warning.page !== undefined ? (
              <span className="muted"> (page {warning.page})</span>
            ) : null}
          </li>
        ))}
      </ul>
      {total > SHOWN ? <p className="muted small">and {total - SHOWN} more</p> : null}
    </div>
  );
}

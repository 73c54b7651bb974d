import { useShallow } from 'zustand/react/shallow';
import { plural } from '../../../shared/plural';
import type { ServerId } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';

/** Each catalog still being listed: pages and resources so far, and a way to stop it. */
export function ListingProgress() {
  const listing = useAppStore(
    useShallow((state) =>
      state.serverOrder.filter((id) => state.catalogs[id]?.status === 'listing'),
    ),
  );
  if (listing.length === 0) return null;
  return (
    <ul className="listing-progress" aria-label="Listing in progress">
      {listing.map((id) => (
        <ListingRow key={id} serverId={id} />
      ))}
    </ul>
  );
}

function ListingRow({ serverId }: { serverId: ServerId }) {
  const name = useAppStore((state) => state.servers[serverId]?.name ?? serverId);
  const pages = useAppStore((state) => state.catalogs[serverId]?.pages ?? 0);
  const resources = useAppStore((state) => state.catalogs[serverId]?.resourceCount ?? 0);
  const runServerAction = useAppStore((state) => state.runServerAction);
  return (
    <li className="small listing-row">
      <span className="spinner" aria-hidden="true" />
      <span className="listing-text">
        <strong>{name}</strong>: {plural(pages, 'page')}, {plural(resources, 'resource')} so far
      </span>
      <button
        type="button"
        className="small-button"
        aria-label={`Cancel listing ${name}`}
        onClick={() => void runServerAction(serverId, 'cancel')}
      >
        Cancel
      </button>
    </li>
  );
}

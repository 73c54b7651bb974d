import { useShallow } from 'zustand/react/shallow';
import { pageProgressText } from '../../../shared/catalog/page-progress';
import { plural } from '../../../shared/plural';
import type { PageProgress, ServerId } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';

/**
 * Each catalog still being listed: pages and resources so far, and a way to stop it. A large page
 * says how much of it has come, then how much of it is indexed, since it may take seconds.
 */
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
  const progress = useAppStore((state) => state.catalogs[serverId]?.progress);
  const runServerAction = useAppStore((state) => state.runServerAction);
  return (
    <li className="small listing-row">
      <span className="spinner" aria-hidden="true" />
      <span className="listing-text">
        <strong>{name}</strong>: {listingText(pages, resources, progress)}
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

/**
 * "3 pages, 1,500 resources so far", with where it is inside a large page after it; a catalog in
 * one page says only that: "receiving 12 MB…", "reading 32 MB…", then "indexing 40,000 of
 * 100,000".
 */
function listingText(pages: number, resources: number, progress: PageProgress | undefined) {
  const soFar = `${plural(pages, 'page')}, ${plural(resources, 'resource')} so far`;
  if (!progress) return soFar;
  // Until it is indexed, the page is not counted yet.
  const firstPage = progress.phase === 'indexing' ? pages <= 1 : pages === 0;
  return firstPage ? pageProgressText(progress) : `${soFar}; ${pageProgressText(progress)}`;
}

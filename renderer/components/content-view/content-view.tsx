import { useAppStore } from '../../store/use-app-store';
import { LiveStamp } from '../live-stamp/live-stamp';
import { ContentItemView } from './content-item-view';
import { readErrorHeadline } from './read-error';

/**
 * The selected resource's content: loading (with Cancel), the items, or the error in their place.
 */
export function ContentView() {
  const read = useAppStore((state) => state.read);
  const cancelRead = useAppStore((state) => state.cancelRead);
  const reread = useAppStore((state) => state.reread);
  // Whether the selected resource's server says it pushes updates (resources.subscribe).
  const pushes = useAppStore((state) => {
    const server = state.selected ? state.servers[state.selected.serverId] : undefined;
    if (!server?.capabilities) return undefined;
    return (
      (server.capabilities.resources as { subscribe?: unknown } | undefined)?.subscribe === true
    );
  });
  const result =
    read.status === 'loaded' ? read.result : read.status === 'loading' ? read.previous : undefined;
  return (
    <section
      className="content-view"
      aria-labelledby="content-heading"
      aria-busy={read.status === 'loading'}
    >
      <div className="section-head">
        <h3 id="content-heading">Content</h3>
        {read.status === 'loading' ? (
          <span className="status-line" role="status">
            <span className="spinner" aria-hidden="true" /> {result ? 'Re-reading…' : 'Reading…'}
            <button type="button" onClick={cancelRead}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => reread()}>
            Read again
          </button>
        )}
        {read.status === 'loaded' && read.at !== undefined ? (
          <LiveStamp
            at={read.at}
            lit={read.updated?.changed === true}
            what={
              read.updated
                ? read.updated.changed
                  ? 'updated by the server'
                  : 'the server said it changed; the same, read'
                : 'read'
            }
          />
        ) : null}
      </div>
      {pushes === false ? (
        <p className="muted small">This server does not push updates: Read again to refresh.</p>
      ) : null}
      {read.status === 'cancelled' ? <p className="muted">The read was cancelled.</p> : null}
      {read.status === 'failed' ? (
        <div className="error-box" role="alert">
          <p className="error-title">
            {readErrorHeadline(read.error.code)}{' '}
            <span className="badge mono">{read.error.code}</span>
          </p>
          <p className="mono break">{read.error.message}</p>
        </div>
      ) : null}
      {result ? (
        <>
          {result.warnings.length ? (
            <ul className="warning-box" aria-label="Read warnings">
              {result.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          ) : null}
          {result.contents.length === 0 ? (
            <p className="muted">The server returned no content items.</p>
          ) : null}
          {result.contents.map((item, index) => (
            // Keyed by URI too, so view state (Source mode, Show more) resets for another resource
            // but survives a re-read.
            <ContentItemView
              key={`${index}:${item.uri}`}
              item={item}
              index={index}
              count={result.contents.length}
            />
          ))}
        </>
      ) : null}
    </section>
  );
}

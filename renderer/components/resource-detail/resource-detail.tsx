import { useAppStore } from '../../store/use-app-store';
import { ContentView } from '../content-view/content-view';
import { ContextDecision } from '../decision-badge/context-decision';
import { ResourceFields } from './resource-fields';

/** The right column: every field of the selected resource, then its content. */
export function ResourceDetail() {
  const selected = useAppStore((state) => state.selected);
  // The entry comes with the selected node: from the row clicked, then from each frame of the host.
  const entry = useAppStore((state) => {
    const resource = state.selectedNode?.resource;
    return resource &&
      state.selected &&
      resource.serverId === state.selected.serverId &&
      resource.uri === state.selected.uri
      ? resource
      : undefined;
  });
  const serverName = useAppStore((state) =>
    state.selected ? state.servers[state.selected.serverId]?.name : undefined,
  );
  return (
    <section className="detail-pane pane" aria-labelledby="detail-heading">
      <div className="pane-header">
        <h2 id="detail-heading">Resource</h2>
      </div>
      <div className="detail-scroll">
        {!selected ? (
          <p className="muted empty-note">Select a resource to see its fields and content.</p>
        ) : null}
        {selected && !entry ? (
          <p className="muted">
            <span className="mono">{selected.uri}</span> is no longer in the catalog.
          </p>
        ) : null}
        {entry ? <ResourceFields entry={entry} serverName={serverName} /> : null}
        {entry ? <ContextDecision entry={entry} /> : null}
        {selected ? <ContentView /> : null}
      </div>
    </section>
  );
}

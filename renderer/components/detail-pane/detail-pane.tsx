import { useAppStore } from '../../store/use-app-store';
import { ResourceDetail } from '../resource-detail/resource-detail';
import { TemplateDetail } from '../template-detail/template-detail';
import { NodeSummary } from './node-summary';

/**
 * The right column, by what is open in the tree: a resource's fields and content, a
 * template's form, or a folder's or server's counts. Each frame from the host brings the
 * node afresh, so the pane follows new pages and survives rebuilds.
 */
export function DetailPane() {
  const node = useAppStore((state) => state.selectedNode);
  const selectedId = useAppStore((state) => state.selectedNodeId);
  // A "show more" row never opens (store/tree-slice.ts); it is here for the type's sake.
  if (!node || node.kind === 'resource' || node.kind === 'more') {
    // ResourceDetail follows `selected` itself, and says so when a resource left the catalog.
    return <ResourceDetail />;
  }
  const heading = {
    server: 'Server',
    folder: 'Folder',
    templates: 'Templates',
    template: 'Template',
  }[node.kind];
  return (
    <section className="detail-pane pane" aria-labelledby="detail-heading">
      <div className="pane-header">
        <h2 id="detail-heading">{heading}</h2>
      </div>
      <div className="detail-scroll" key={selectedId}>
        {node.kind === 'template' && node.template ? (
          <TemplateDetail template={node.template} />
        ) : (
          <NodeSummary node={node} />
        )}
      </div>
    </section>
  );
}

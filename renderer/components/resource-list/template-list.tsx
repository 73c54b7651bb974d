import { useShallow } from 'zustand/react/shallow';
import type { TemplateEntry } from '../../../shared/host-api';
import { useAppStore } from '../../store/use-app-store';

const EMPTY: TemplateEntry[] = [];

/** Resource templates, under their own heading; the form to expand them comes in a later issue. */
export function TemplateList() {
  const lists = useAppStore(useShallow((state) => state.serverOrder.map((id) => state.catalogs[id]?.templates ?? EMPTY)));
  const templates = lists.flat();
  return (
    <section className="template-list" aria-labelledby="templates-heading">
      <div className="section-head">
        <h3 id="templates-heading">Templates</h3>
        <span className="muted small">{templates.length}</span>
      </div>
      {templates.length === 0 ? (
        <p className="muted small">No resource templates.</p>
      ) : (
        <ul aria-label="Templates">
          {templates.map((template) => (
            <li key={JSON.stringify([template.serverId, template.uriTemplate, template.name])}>
              <span className="row-title">{template.title ?? template.name}</span>
              <span className="muted mono small"> {template.uriTemplate}</span>
              {template.description ? <div className="muted small">{template.description}</div> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

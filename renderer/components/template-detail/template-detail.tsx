import { useId, useMemo } from 'react';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import type { TemplateEntry } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';
import { useHostApi } from './host-api-context';
import { TemplateFields } from './template-fields';
import { TemplateForm } from './template-form';
import './template-detail.css';

/**
 * The detail of a selected resource template: its fields, a form with one field per variable
 * (with suggestions where the server completes), the expanded URI, and the read of it.
 */
export function TemplateDetail({ template }: { template: TemplateEntry }) {
  const api = useHostApi();
  const parsed = useMemo(() => templateVariables(template.uriTemplate), [template.uriTemplate]);
  const serverName = useAppStore((state) => state.servers[template.serverId]?.name);
  const titleId = useId();
  return (
    <section className="template-detail" aria-labelledby={titleId}>
      <TemplateFields template={template} serverName={serverName} titleId={titleId} />
      <h4 className="template-form-heading">Read a URI from this template</h4>
      {parsed.error ? (
        <div className="error-box" role="alert">
          <p className="error-title">This URI template is malformed</p>
          <p className="mono break">{parsed.error}</p>
        </div>
      ) : api ? (
        // A new template starts with empty fields and no read: remount rather than reset by hand.
        <TemplateForm
          key={JSON.stringify([template.serverId, template.uriTemplate])}
          template={template}
          variables={parsed.variables}
          api={api}
        />
      ) : (
        <p className="muted">
          Reading templates needs the host connection, which this page did not provide.
        </p>
      )}
    </section>
  );
}

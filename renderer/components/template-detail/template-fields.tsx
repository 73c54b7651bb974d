import type { TemplateEntry } from '../../../shared/mcp-types';
import { AnnotationFields } from '../resource-detail/annotation-fields';
import { CopyButton } from '../resource-detail/copy-button';
import { Field, Missing } from '../resource-detail/field';

/**
 * Every field a template carries, as a definition list. All values are server strings: text only.
 */
export function TemplateFields({
  template,
  serverName,
  titleId,
}: {
  template: TemplateEntry;
  serverName: string | undefined;
  titleId: string;
}) {
  return (
    <div className="resource-fields">
      <h3 className="detail-title" id={titleId}>
        {template.title ?? template.name}
      </h3>
      <dl className="fields">
        <Field label="Title">{template.title ?? <Missing />}</Field>
        <Field label="Name">{template.name}</Field>
        <Field label="URI template">
          <span className="mono break">{template.uriTemplate}</span>{' '}
          <CopyButton text={template.uriTemplate} label="Copy URI template" />
        </Field>
        <Field label="Server">{serverName ?? template.serverId}</Field>
        <Field label="Description">
          {template.description ? (
            <span className="prewrap">{template.description}</span>
          ) : (
            <Missing />
          )}
        </Field>
        <Field label="MIME type">
          {template.mimeType ? <span className="mono">{template.mimeType}</span> : <Missing />}
        </Field>
        <AnnotationFields annotations={template.annotations} />
        <Field label="_meta">
          {template._meta ? (
            <pre className="json">{JSON.stringify(template._meta, null, 2)}</pre>
          ) : (
            <Missing />
          )}
        </Field>
      </dl>
    </div>
  );
}

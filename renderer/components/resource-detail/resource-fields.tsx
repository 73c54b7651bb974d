import type { ResourceEntry } from '../../../shared/host-api';
import { AnnotationFields } from './annotation-fields';
import { CopyButton } from './copy-button';
import { Field, Missing } from './field';
import { formatBytes } from './format';

/** Every field a resource carries, as a definition list. All values are rendered as text. */
export function ResourceFields({ entry, serverName }: { entry: ResourceEntry; serverName: string | undefined }) {
  return (
    <div className="resource-fields">
      <h3 className="detail-title">{entry.title ?? entry.name}</h3>
      <dl className="fields">
        <Field label="Title">{entry.title ?? <Missing />}</Field>
        <Field label="Name">{entry.name}</Field>
        <Field label="URI">
          <span className="mono break">{entry.uri}</span> <CopyButton text={entry.uri} label="Copy URI" />
        </Field>
        <Field label="Server">{serverName ?? entry.serverId}</Field>
        <Field label="Description">{entry.description ? <span className="prewrap">{entry.description}</span> : <Missing />}</Field>
        <Field label="MIME type">{entry.mimeType ? <span className="mono">{entry.mimeType}</span> : <Missing />}</Field>
        <Field label="Size">
          {typeof entry.size === 'number' ? `${formatBytes(entry.size)} (${entry.size.toLocaleString('en')} bytes)` : <Missing />}
        </Field>
        <AnnotationFields annotations={entry.annotations} />
        <Field label="_meta">{entry._meta ? <pre className="json">{JSON.stringify(entry._meta, null, 2)}</pre> : <Missing />}</Field>
      </dl>
    </div>
  );
}

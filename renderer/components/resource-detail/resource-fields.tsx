import type { ResourceEntry } from '../../../shared/mcp-types';
import { AnnotationFields } from './annotation-fields';
import { CopyButton } from './copy-button';
import { Field, Missing } from './field';
import { formatBytes } from './format';
import { IconList } from './icon-list';

/** Every field a resource carries, as a definition list. All values are rendered as text. */
export function ResourceFields({
  entry,
  serverName,
}: {
  entry: ResourceEntry;
  serverName: string | undefined;
}) {
  return (
    <div className="resource-fields">
      <h3 className="detail-title">{entry.title ?? entry.name}</h3>
      <dl className="fields">
        <Field label="Title">{entry.title ?? <Missing />}</Field>
        <Field label="Name">{entry.name}</Field>
        <Field label="URI">
          <span className="mono break">{entry.uri}</span>{' '}
          <CopyButton text={entry.uri} label="Copy URI" />
        </Field>
        <Field label="Server">{serverName ?? entry.serverId}</Field>
        <Field label="Description">
          {entry.description ? <span className="prewrap">{entry.description}</span> : <Missing />}
        </Field>
        <Field label="MIME type">
          {entry.mimeType ? <span className="mono">{entry.mimeType}</span> : <Missing />}
        </Field>
        <Field label="Size">
          {typeof entry.size === 'number' ? <SizeText bytes={entry.size} /> : <Missing />}
        </Field>
        <Field label="Icons">
          {entry.icons?.length ? <IconList icons={entry.icons} /> : <Missing />}
        </Field>
        <AnnotationFields annotations={entry.annotations} />
        <Field label="_meta">
          {entry._meta ? (
            <pre className="json">{JSON.stringify(entry._meta, null, 2)}</pre>
          ) : (
            <Missing />
          )}
        </Field>
      </dl>
    </div>
  );
}

/** "1.5 KiB (1,536 bytes)"; below 1 KiB the exact count alone. */
function SizeText({ bytes }: { bytes: number }) {
  const human = formatBytes(bytes);
  return <>{bytes < 1024 ? human : `${human} (${bytes.toLocaleString('en')} bytes)`}</>;
}

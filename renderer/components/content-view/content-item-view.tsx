import { useMemo } from 'react';
import type { ContentItem } from '../../../shared/mcp-types';
import { formatBytes } from '../resource-detail/format';
import { BinaryView } from './binary-view';
import { CodeView } from './code-view';
import { DECODE_TEXT_LIMIT } from './content-limits';
import { decodeTextHead } from './content-data';
import { RasterImage, SvgImage } from './image-view';
import { JsonView } from './json-view';
import { MarkdownView } from './markdown-view';
import { SaveButton } from './save-button';
import { PlainText } from './text-view';
import { chooseView, isTextual, type ViewKind } from './view-kind';

/**
 * One content item: its own header (uri, MIME type, size), then the view its MIME type (or
 * extension) calls for.
 */
export function ContentItemView({
  item,
  index,
  count,
}: {
  item: ContentItem;
  index: number;
  count: number;
}) {
  const view = useMemo(() => chooseView(item.mimeType, item.uri), [item.mimeType, item.uri]);
  const isBlob = typeof item.text !== 'string';
  return (
    <article className="content-item" aria-label={`Content item ${index + 1} of ${count}`}>
      <header className="content-item-head small">
        <span className="mono break">{item.uri}</span>
        <span className="badge">{item.mimeType ?? 'no MIME type'}</span>
        <span className="muted">{formatBytes(item.size)}</span>
        <span className="muted">{isBlob ? 'blob' : 'text'}</span>
        {isBlob ? (
          <span className="content-item-actions">
            <SaveButton blob={item.blob ?? ''} uri={item.uri} mimeType={item.mimeType} />
          </span>
        ) : null}
      </header>
      <div className="content-body">
        {typeof item.text === 'string' ? (
          <TextItem text={item.text} view={view} uri={item.uri} size={item.size} />
        ) : (
          <BlobItem blob={item.blob ?? ''} view={view} uri={item.uri} size={item.size} />
        )}
      </div>
    </article>
  );
}

function TextItem({
  text,
  view,
  uri,
  size,
}: {
  text: string;
  view: ViewKind;
  uri: string;
  size: number;
}) {
  switch (view.kind) {
    case 'markdown':
      return <MarkdownView text={text} />;
    case 'json':
      return <JsonView text={text} />;
    case 'code':
      return <CodeView text={text} language={view.language} />;
    case 'svg':
      return <SvgImage text={text} uri={uri} size={size} />;
    default:
      // A text item labelled as an image or binary is still text: show it as such.
      return <PlainText text={text} />;
  }
}

function BlobItem({
  blob,
  view,
  uri,
  size,
}: {
  blob: string;
  view: ViewKind;
  uri: string;
  size: number;
}) {
  // Only a blob whose type says text is decoded, and only its first 8 MiB.
  const decoded = useMemo(
    () => (isTextual(view) ? decodeTextHead(blob, DECODE_TEXT_LIMIT) : null),
    [blob, view],
  );
  if (view.kind === 'image')
    return <RasterImage blob={blob} mimeType={view.mimeType} uri={uri} size={size} />;
  if (view.kind === 'svg') return <SvgImage blob={blob} uri={uri} size={size} />;
  if (!decoded) return <BinaryView blob={blob} size={size} />;
  const note = decoded.truncated ? 'Only the first 8 MiB of this blob are decoded.' : undefined;
  if (note) return <PlainText text={decoded.text} note={note} />;
  return <TextItem text={decoded.text} view={view} uri={uri} size={size} />;
}

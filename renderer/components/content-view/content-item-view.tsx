import { useMemo, useState } from 'react';
import type { ContentItem } from '../../../shared/host-api';
import { formatBytes } from '../resource-detail/format';
import { contentShape, decodeBase64Head, hexDump } from './content-data';

/** How much text one step renders: about a megabyte keeps a huge resource from freezing the page. */
const TEXT_STEP = 1_000_000;
const HEX_BYTES = 256;

/** One content item: its own header (uri, MIME type, size), then text, an image or a hex head. */
export function ContentItemView({ item, index, count }: { item: ContentItem; index: number; count: number }) {
  const shape = useMemo(() => contentShape(item), [item]);
  return (
    <article className="content-item" aria-label={`Content item ${index + 1} of ${count}`}>
      <header className="content-item-head small">
        <span className="mono break">{item.uri}</span>
        <span className="badge">{item.mimeType ?? 'no MIME type'}</span>
        <span className="muted">{formatBytes(item.size)}</span>
        <span className="muted">{typeof item.text === 'string' ? 'text' : 'blob'}</span>
      </header>
      {shape.kind === 'text' ? <TextContent text={shape.text} /> : null}
      {shape.kind === 'image' ? <img className="content-image" src={shape.dataUrl} alt={`Image content of ${item.uri}`} /> : null}
      {shape.kind === 'binary' ? <BinaryContent blob={shape.blob} size={item.size} /> : null}
    </article>
  );
}

function TextContent({ text }: { text: string }) {
  const [limit, setLimit] = useState(TEXT_STEP);
  const remaining = text.length - limit;
  return (
    <>
      <pre className="content-text">{remaining > 0 ? text.slice(0, limit) : text}</pre>
      {remaining > 0 ? (
        <p className="small">
          <span className="muted">Showing {limit.toLocaleString('en')} of {text.length.toLocaleString('en')} characters. </span>
          <button type="button" onClick={() => setLimit((current) => current + TEXT_STEP)}>
            Show more
          </button>
        </p>
      ) : null}
    </>
  );
}

function BinaryContent({ blob, size }: { blob: string; size: number }) {
  const dump = useMemo(() => hexDump(decodeBase64Head(blob, HEX_BYTES)), [blob]);
  return (
    <>
      <p className="muted small">
        Binary, {formatBytes(size)}. {size > HEX_BYTES ? `First ${HEX_BYTES} bytes:` : 'All bytes:'}
      </p>
      <pre className="content-text hex">{dump}</pre>
    </>
  );
}

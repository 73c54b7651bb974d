import { useState } from 'react';
import { CodeView } from './code-view';
import { BinaryView } from './binary-view';
import { DECODE_TEXT_LIMIT } from './content-limits';
import { decodeTextHead } from './content-data';
import { blobImageSrc } from './safe-url';
import { PlainText } from './text-view';
import { ViewToggle } from './view-toggle';

/**
 * A PNG, JPEG, GIF or WebP blob as an <img> from a data: URL we build; a malformed blob as binary.
 */
export function RasterImage({
  blob,
  mimeType,
  uri,
  size,
}: {
  blob: string;
  mimeType: string;
  uri: string;
  size: number;
}) {
  const src = blobImageSrc(mimeType, blob);
  if (!src) return <BinaryView blob={blob} size={size} />;
  return <img className="content-image" src={src} alt={`Image content of ${uri}`} />;
}

const SVG_MODES = ['Image', 'Source'] as const;

/**
 * SVG only ever as an <img> from a data: URL: an image document runs no script and loads nothing.
 * Never inline. "Source" shows the markup as text.
 */
export function SvgImage({
  blob,
  text,
  uri,
  size,
}: {
  blob?: string;
  text?: string;
  uri: string;
  size: number;
}) {
  const [mode, setMode] = useState<(typeof SVG_MODES)[number]>('Image');
  const src =
    blob !== undefined
      ? blobImageSrc('image/svg+xml', blob)
      : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text ?? '')}`;
  if (!src && blob !== undefined) return <BinaryView blob={blob} size={size} />;
  return (
    <>
      <div className="content-toolbar">
        <ViewToggle label="SVG view" options={SVG_MODES} value={mode} onChange={setMode} />
      </div>
      {mode === 'Image' && src ? (
        <img className="content-image" src={src} alt={`SVG image content of ${uri}`} />
      ) : null}
      {mode === 'Source' ? <SvgSource blob={blob} text={text} /> : null}
    </>
  );
}

function SvgSource({ blob, text }: { blob?: string; text?: string }) {
  if (text !== undefined) return <CodeView text={text} language="xml" />;
  const decoded = decodeTextHead(blob ?? '', DECODE_TEXT_LIMIT);
  if (!decoded) return <p className="muted small">Not valid UTF-8.</p>;
  return decoded.truncated ? (
    <PlainText text={decoded.text} note="Only the first 8 MiB are decoded." />
  ) : (
    <CodeView text={decoded.text} language="xml" />
  );
}

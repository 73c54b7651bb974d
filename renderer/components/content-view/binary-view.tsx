import { useMemo } from 'react';
import { formatBytes } from '../resource-detail/format';
import { useElementSize } from '../resource-tree/use-element-size';
import { HEX_DUMP_BYTES } from './content-limits';
import { decodeBase64Head, hexBytesPerRow, hexDump } from './content-data';

/** The width of one character of the dump's monospace font (10.5px), in pixels, and its padding. */
const CHAR_PX = 6.4;
const PADDING_PX = 20;

/**
 * A blob we do not show: its size and a hex dump of its first bytes (only those are decoded),
 * 16 bytes a row where they fit, else 8 or 4: never a column cut off by a narrow pane.
 */
export function BinaryView({ blob, size }: { blob: string; size: number }) {
  const [measure, { width }] = useElementSize();
  const perRow = width === 0 ? 16 : hexBytesPerRow(Math.floor((width - PADDING_PX) / CHAR_PX));
  const bytes = useMemo(() => decodeBase64Head(blob, HEX_DUMP_BYTES), [blob]);
  const dump = useMemo(() => hexDump(bytes, perRow), [bytes, perRow]);
  return (
    <figure ref={measure} className="hex-figure" aria-label="Hex dump">
      <figcaption className="content-note muted small">
        Binary, {formatBytes(size)}.{' '}
        {size > HEX_DUMP_BYTES ? `First ${HEX_DUMP_BYTES} bytes:` : 'All bytes:'}
      </figcaption>
      <pre className="content-text hex">{dump || '(empty)'}</pre>
    </figure>
  );
}

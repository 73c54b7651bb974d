import { useMemo } from 'react';
import { formatBytes } from '../resource-detail/format';
import { HEX_DUMP_BYTES } from './content-limits';
import { decodeBase64Head, hexDump } from './content-data';

/** A blob we do not show: its size and a hex dump of its first bytes (only those are decoded). */
export function BinaryView({ blob, size }: { blob: string; size: number }) {
  const dump = useMemo(() => hexDump(decodeBase64Head(blob, HEX_DUMP_BYTES)), [blob]);
  return (
    <figure className="hex-figure" aria-label="Hex dump">
      <figcaption className="content-note muted small">
        Binary, {formatBytes(size)}. {size > HEX_DUMP_BYTES ? `First ${HEX_DUMP_BYTES} bytes:` : 'All bytes:'}
      </figcaption>
      <pre className="content-text hex">{dump || '(empty)'}</pre>
    </figure>
  );
}

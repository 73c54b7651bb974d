/**
 * Bytes from base64 blobs: only what is needed, so a 50 MB blob costs nothing until saved. Pure.
 */

/**
 * Decodes at most `maxBytes` from the start of a base64 string. Looks only at the head of the
 * string (whitespace a server may have left in is skipped), never at the rest.
 */
export function decodeBase64Head(blob: string, maxBytes: number): Uint8Array {
  const wanted = Math.ceil(maxBytes / 3) * 4;
  let head = '';
  // Chunk by chunk: stray characters (line breaks, padding) are dropped without scanning the rest.
  for (let start = 0; head.length < wanted && start < blob.length; start += wanted) {
    head += blob.slice(start, start + wanted).replace(/[^A-Za-z0-9+/=]/g, '');
  }
  head = head.slice(0, wanted);
  head = head.slice(0, head.length - (head.length % 4));
  return toBytes(head, maxBytes);
}

/** Every byte of a blob: for "Save as…", on the user's click only. */
export function decodeBase64(blob: string): Uint8Array {
  const clean = blob.replace(/[^A-Za-z0-9+/=]/g, '');
  return toBytes(clean.slice(0, clean.length - (clean.length % 4)), Number.MAX_SAFE_INTEGER);
}

/**
 * UTF-8 text of the first `maxBytes` of a blob; null when it is not valid UTF-8 (then it is binary
 * after all).
 */
export function decodeTextHead(
  blob: string,
  maxBytes: number,
): { text: string; truncated: boolean } | null {
  const bytes = decodeBase64Head(blob, maxBytes);
  const truncated = bytes.length === maxBytes && blob.length > Math.ceil(maxBytes / 3) * 4;
  try {
    // `stream: truncated` tolerates a multi-byte character cut at the end of the head.
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated }),
      truncated,
    };
  } catch {
    return null;
  }
}

/** Classic 16-bytes-per-line dump: offset, hex, printable ASCII. */
export function hexDump(bytes: Uint8Array, perRow = 16): string {
  const rows: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += perRow) {
    const row = bytes.subarray(offset, offset + perRow);
    const hex = Array.from(row, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (byte) =>
      byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.',
    ).join('');
    rows.push(`${offset.toString(16).padStart(8, '0')}  ${hex.padEnd(perRow * 3 - 1)}  ${ascii}`);
  }
  return rows.join('\n');
}

/** The characters a dump row of `perRow` bytes takes: offset, hex and text columns. */
export const hexRowChars = (perRow: number) => 8 + 2 + perRow * 3 - 1 + 2 + perRow;

/** The most bytes a row may hold (16, 8 or 4) so a row fits `columns` characters. */
export function hexBytesPerRow(columns: number): number {
  return [16, 8, 4].find((perRow) => hexRowChars(perRow) <= columns) ?? 4;
}

function toBytes(base64: string, maxBytes: number): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return new Uint8Array();
  }
  const bytes = new Uint8Array(Math.min(binary.length, maxBytes));
  for (let i = 0; i < bytes.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

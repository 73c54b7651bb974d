/** How a content item is shown, decided from its fields alone. Pure. */
import type { ContentItem } from '../../../shared/host-api';

/** Raster formats browsers decode without running anything. SVG is left out on purpose: it can carry script and links. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type ContentShape =
  | { kind: 'text'; text: string }
  | { kind: 'image'; dataUrl: string }
  | { kind: 'binary'; blob: string };

export function contentShape(item: ContentItem): ContentShape {
  if (typeof item.text === 'string') return { kind: 'text', text: item.text };
  const blob = item.blob ?? '';
  const mime = (item.mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const dataUrl = imageDataUrl(mime, blob);
  if (dataUrl) return { kind: 'image', dataUrl };
  // An SVG blob is still shown as its source text, never as an image.
  if (mime === 'image/svg+xml') return { kind: 'text', text: decodeUtf8(blob) };
  return { kind: 'binary', blob };
}

/** A data: URL we build ourselves, only for an allowed raster type and a well-formed base64 body. */
export function imageDataUrl(mime: string, blob: string): string | null {
  if (!IMAGE_TYPES.has(mime) || blob.length === 0 || blob.length % 4 !== 0 || !BASE64.test(blob)) return null;
  return `data:${mime};base64,${blob}`;
}

/** Decodes at most `maxBytes` from the start of a base64 string, without decoding the rest. */
export function decodeBase64Head(blob: string, maxBytes: number): Uint8Array {
  const clean = blob.replace(/[^A-Za-z0-9+/]/g, '');
  const chars = Math.ceil(maxBytes / 3) * 4;
  let head = clean.slice(0, chars);
  head = head.slice(0, head.length - (head.length % 4));
  let binary: string;
  try {
    binary = atob(head);
  } catch {
    return new Uint8Array();
  }
  const bytes = new Uint8Array(Math.min(binary.length, maxBytes));
  for (let i = 0; i < bytes.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Classic 16-bytes-per-line dump: offset, hex, printable ASCII. */
export function hexDump(bytes: Uint8Array): string {
  const rows: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = bytes.subarray(offset, offset + 16);
    const hex = Array.from(row, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('');
    rows.push(`${offset.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return rows.join('\n');
}

function decodeUtf8(blob: string): string {
  const bytes = decodeBase64Head(blob, Number.MAX_SAFE_INTEGER);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** The name "Save as…" offers for a blob. Pure. */
import { lastSegment } from './view-kind';

const EXTENSION_FOR: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/gzip': 'gz',
  'application/zip': 'zip',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'text/plain': 'txt',
};

/**
 * The URI's last segment, made safe as a file name: path separators, control and reserved
 * characters become "_" (a server chooses the URI, and the OS must not read it as a path).
 * Falls back to "resource" plus an extension from the MIME type.
 */
export function fileNameFromUri(uri: string, mimeType?: string): string {
  const cleaned = lastSegment(uri)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  if (cleaned !== '' && cleaned !== '_') return cleaned;
  const extension = EXTENSION_FOR[(mimeType ?? '').split(';')[0]!.trim().toLowerCase()] ?? 'bin';
  return `resource.${extension}`;
}

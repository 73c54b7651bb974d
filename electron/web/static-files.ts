/** Serves the built renderer's files, and nothing outside its folder. */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A file to send, or undefined when there is none at that path. */
export async function loadStaticFile(
  root: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  // normalize() has folded every "..": anything still outside root is a traversal attempt.
  if (
    relative.startsWith('..') ||
    !(full + sep).startsWith(root.endsWith(sep) ? root : root + sep) ||
    decoded.includes('\0')
  )
    return undefined;
  try {
    return { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}

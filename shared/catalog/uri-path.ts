/**
 * Splits a resource URI into the rows the catalog tree shows: one root folder for the scheme
 * and authority, then path folders, then the leaf. Hand-written rather than `new URL()`:
 * WHATWG URL throws on many URIs MCP servers send, normalizes others (`file:///a/../b`,
 * case), is slow at 100,000 URIs, and knows nothing of `urn:` namespaces.
 */

/** Where a URI sits in the tree. */
export interface UriPath {
  /** The root folder's label: `docs://lumen`, `file://`, `urn:isbn`, `mailto:`, `data:`. */
  root: string;
  /**
   * The folder segments between the root and the leaf, as written (still percent-encoded),
   * joined by "/", with no empty segment; "" when the leaf sits right under the root.
   * One string rather than an array so the tree can look a whole directory up at once.
   */
  folders: string;
  /** The leaf's own segment, with its trailing slash, query and fragment (`dir/`, `p?x=1`). */
  leaf: string;
}

/** The root of URIs that have no scheme at all (`notes/today.md`, or an empty string). */
export const NO_SCHEME_ROOT = '(no scheme)';

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
const schemePattern = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Cuts a URI into root, folders and leaf. Never throws; every input gets a place. */
export function splitUri(uri: string): UriPath {
  const { rootEnd, pathStart, leafStart } = layOut(uri);
  const root = rootEnd === -1 ? NO_SCHEME_ROOT : uri.slice(0, rootEnd);
  let folders = leafStart > pathStart ? uri.slice(pathStart, leafStart - 1) : '';
  // Empty segments (a leading "/", or "a//b") would be empty-label rows: drop them.
  if (folders.startsWith('/') || folders.endsWith('/') || folders.includes('//')) {
    folders = folders
      .split('/')
      .filter((segment) => segment !== '')
      .join('/');
  }
  const end = pathEnd(uri, leafStart);
  let trimmedEnd = end;
  while (trimmedEnd > leafStart && uri.charCodeAt(trimmedEnd - 1) === 47) trimmedEnd -= 1;
  const leaf = `${uri.slice(leafStart, trimmedEnd)}${trimmedEnd < end ? '/' : ''}${uri.slice(end)}`;
  return { root, folders, leaf };
}

/**
 * Where the leaf's segment starts. Everything before it decides the root and the folders,
 * so the tree caches folders by `uri.slice(0, leafStart(uri))` and splits each directory once.
 */
export function leafStart(uri: string): number {
  return layOut(uri).leafStart;
}

/** Offsets only, no strings, so the common path through {@link leafStart} allocates nothing. */
function layOut(uri: string): { rootEnd: number; pathStart: number; leafStart: number } {
  const schemeMatch = schemePattern.exec(uri);
  if (!schemeMatch) return { rootEnd: -1, pathStart: 0, leafStart: leafOf(uri, 0) };
  const start = schemeMatch[0].length;
  // RFC 2397: the data of a data: URI is opaque; base64 and text both contain "/".
  if (start === 5 && schemeMatch[0].toLowerCase() === 'data:')
    return { rootEnd: start, pathStart: start, leafStart: start };
  if (uri.startsWith('//', start)) {
    const authorityEnd = Math.min(indexOrEnd(uri, '/', start + 2), pathEnd(uri, start + 2));
    return { rootEnd: authorityEnd, pathStart: authorityEnd, leafStart: leafOf(uri, authorityEnd) };
  }
  // An opaque URI whose part before the next ":" is a namespace (urn:isbn:…,
  // tag:example.com,2024:…)
  // groups under that namespace; anything else (mailto:a@b) groups under its scheme.
  const colon = uri.indexOf(':', start);
  if (colon > start && colon < Math.min(indexOrEnd(uri, '/', start), pathEnd(uri, start))) {
    return { rootEnd: colon, pathStart: colon + 1, leafStart: leafOf(uri, colon + 1) };
  }
  return { rootEnd: start, pathStart: start, leafStart: leafOf(uri, start) };
}

/**
 * The start of the last path segment after `start`, ignoring trailing slashes, query and fragment.
 */
function leafOf(uri: string, start: number): number {
  // RFC 3986 §3.4: the query starts at the first "?" and may itself contain "/".
  let end = pathEnd(uri, start);
  while (end > start && uri.charCodeAt(end - 1) === 47) end -= 1;
  const lastSlash = uri.lastIndexOf('/', end - 1);
  return lastSlash < start || end === start ? start : lastSlash + 1;
}

/** Where the path ends: at the query or fragment, or at the end. */
function pathEnd(uri: string, from: number): number {
  return Math.min(indexOrEnd(uri, '?', from), indexOrEnd(uri, '#', from));
}

function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? text.length : index;
}

/** A segment as a person reads it: percent-decoded where the encoding is valid, else as written. */
export function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

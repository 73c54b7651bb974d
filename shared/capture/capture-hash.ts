/**
 * What a capture's hashes are of, and their check when one is read: a capture is a record of
 * what shaped a context, so one whose contents or text no longer match the hashes written with
 * them was edited, and is refused (capture-format.ts), whichever face reads it. The host writes
 * the hashes (electron/host/capture/capture.ts) from the same {@link contentsHashInput}.
 */
import type { ContentItem } from '../mcp-types';
import { sha256 } from './sha256';

/**
 * The text a read's hash is of: each item's uri, type and text or blob, in that order, so the
 * same contents hash alike however their keys were ordered.
 */
export function contentsHashInput(items: readonly ContentItem[]): string {
  return JSON.stringify(
    items.map((item) => [item.uri, item.mimeType ?? null, item.text ?? null, item.blob ?? null]),
  );
}

/** A URI is named in an error up to this many characters. */
const MAX_URI_SHOWN = 200;

/** What of a capture its hashes cover (structurally, so this file needs no capture-format). */
export interface HashedParts {
  servers: readonly { id: string; name: string }[];
  contents: readonly {
    server: string;
    uri: string;
    sha256: string;
    contents?: readonly ContentItem[];
    error?: string;
  }[];
  context: { text: string; sha256: string };
}

/**
 * Each hash a capture holds, computed again from what it holds: the first part that does not
 * match, in words (with how many more do not), or undefined when all do. A read holds its items
 * or its error; one that holds neither has lost what was hashed.
 */
export function editedPart(capture: HashedParts): string | undefined {
  const names = new Map(capture.servers.map((server) => [server.id, server.name]));
  let first: string | undefined;
  let count = 0;
  const edited = (part: string) => {
    first ??= part;
    count += 1;
  };
  for (const entry of capture.contents) {
    const uri =
      entry.uri.length > MAX_URI_SHOWN ? `${entry.uri.slice(0, MAX_URI_SHOWN)}…` : entry.uri;
    const what = `"${uri}" (server ${names.get(entry.server) ?? entry.server})`;
    if (entry.contents !== undefined) {
      if (sha256(contentsHashInput(entry.contents)) !== entry.sha256)
        edited(`the content of ${what} does not match its sha256`);
    } else if (entry.error !== undefined) {
      if (sha256(entry.error) !== entry.sha256)
        edited(`the read error of ${what} does not match its sha256`);
    } else edited(`the read of ${what} holds neither its content nor its error`);
  }
  if (sha256(capture.context.text) !== capture.context.sha256)
    edited('the assembled context does not match its sha256');
  if (first === undefined) return undefined;
  const more = count - 1;
  return `${first}${more === 0 ? '' : more === 1 ? ' (nor does 1 more)' : ` (nor do ${more} more)`}`;
}

// The two shapes a catalog entry takes on the wire: its listing metadata and its read contents.
import type { ReadResourceResult, ResourceMetadata } from '@modelcontextprotocol/server';
import type { CatalogEntry } from './catalog-entry';

/**
 * What `resources/list` shows for an entry: everything except the uri, the name and the content.
 */
export function listingMetadata(entry: CatalogEntry): ResourceMetadata {
  const { uri: _uri, name: _name, body: _body, ...metadata } = entry;
  return metadata;
}

/** The `resources/read` result for an entry: one text or blob item, labelled with its MIME type. */
export function readResult(entry: CatalogEntry): ReadResourceResult {
  const base = { uri: entry.uri, ...(entry.mimeType && { mimeType: entry.mimeType }) };
  return {
    contents: [
      entry.body.kind === 'text'
        ? { ...base, text: entry.body.text }
        : { ...base, blob: entry.body.base64 },
    ],
  };
}

// The shape of a catalog entry and the helpers every catalog section builds entries with.
import type { Icon } from '@modelcontextprotocol/server';

/** Who a resource is meant for, as in the MCP `annotations.audience` field. */
export type Audience = 'user' | 'assistant';

/** MCP resource annotations, as the demo server publishes them. */
export interface CatalogAnnotations {
  audience?: Audience[];
  /** 0 (entirely optional) to 1 (effectively required). */
  priority?: number;
  /** ISO 8601. */
  lastModified?: string;
}

/** A resource's content: text, or raw bytes already encoded as base64. */
export type CatalogBody = { kind: 'text'; text: string } | { kind: 'blob'; base64: string };

/** One resource of the demo catalog: the listing metadata plus what `resources/read` returns. */
export interface CatalogEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Real byte length of the content, before base64. */
  size?: number;
  annotations?: CatalogAnnotations;
  icons?: Icon[];
  body: CatalogBody;
}

/** The listing fields of an entry, without its content. */
export type CatalogMetadata = Omit<CatalogEntry, 'body' | 'size'>;

/** What the per-section builders share: the reference date and one seeded generator. */
export interface CatalogContext {
  referenceDate: Date;
  /** A whole number in [min, max], from the seeded generator. */
  integer(min: number, max: number): number;
  /** An ISO 8601 timestamp `days` before the reference date, at a seeded time of day. */
  daysAgo(days: number): string;
}

/** Byte length of a string as UTF-8, which is what MCP's `size` counts for text. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Base64 of raw bytes, as MCP `blob` fields and `data:` URLs expect. */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** A text resource whose `size` is measured from the text itself, so the two cannot drift. */
export function textEntry(metadata: CatalogMetadata, text: string): CatalogEntry {
  return { ...metadata, size: utf8Length(text), body: { kind: 'text', text } };
}

/** A binary resource: `size` counts the raw bytes, the body carries them as base64. */
export function blobEntry(metadata: CatalogMetadata, bytes: Uint8Array): CatalogEntry {
  return { ...metadata, size: bytes.length, body: { kind: 'blob', base64: toBase64(bytes) } };
}

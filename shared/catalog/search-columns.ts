/**
 * The search index's storage of one server's list: no object per entry, but columns. Entries
 * go in chunks of {@link CHUNK_SIZE}; a chunk holds its entries' case-folded fields in one
 * string, each field followed by a character no query word holds, with the offsets of the
 * fields and their letter masks in typed arrays. About 200 bytes a resource instead of 630.
 */
import { foldCase } from './natural-order';
import type { HighlightedEntry } from './match-ranges';

/** Entries per chunk: a power of two, so a slot's chunk is a shift. */
export const CHUNK_BITS = 10;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
/** What ends each field in a chunk's text; a query word never holds it (see normalizeQuery). */
export const FIELD_END = '\u0000';

/** Up to {@link CHUNK_SIZE} entries of a list, in slot order. */
export interface Chunk {
  /** Every entry's folded title, name, uri (or uriTemplate) and description, each + FIELD_END. */
  readonly text: string;
  /** Where each field starts: 4 per entry, then the end of the text. */
  readonly starts: Int32Array;
  /** The {@link characterMask} of each field: 4 per entry. */
  readonly masks: Int32Array;
  /** The four masks of each entry together. */
  readonly mask: Int32Array;
  readonly length: number;
}

/** One list of a server (its resources or its templates), as the index keeps it. */
export interface Column {
  readonly isTemplate: boolean;
  chunks: Chunk[];
  length: number;
  /** The lists as added, for an entry's id (its unfolded URI); a pointer per entry. */
  sources: { first: number; entries: readonly { uri?: string; uriTemplate?: string }[] }[];
}

export function createColumn(isTemplate: boolean): Column {
  return { isTemplate, chunks: [], length: 0, sources: [] };
}

/**
 * A bit per letter a to z, and four bits shared by the digits, set for each one `text` holds
 * (case-folded text), from `from` up to `to`. Under 2^30, so V8 keeps it a small integer.
 */
export function characterMask(text: string, from = 0, to = text.length): number {
  let mask = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << (26 + ((code - 48) & 3));
  }
  return mask;
}

/** Appends entries (their raw title, name, uri and description, 4 per entry) to a column. */
export function append(
  column: Column,
  entries: readonly { uri?: string; uriTemplate?: string }[],
  fieldsOf: (index: number) => readonly (string | undefined)[],
): void {
  if (entries.length === 0) return;
  column.sources.push({ first: column.length, entries });
  let done = 0;
  while (done < entries.length) {
    const last = column.chunks.at(-1);
    const open = last && last.length < CHUNK_SIZE ? last : undefined;
    const room = CHUNK_SIZE - (open?.length ?? 0);
    const count = Math.min(room, entries.length - done);
    const chunk = extend(open, count, (index) => fieldsOf(done + index));
    if (open) column.chunks[column.chunks.length - 1] = chunk;
    else column.chunks.push(chunk);
    done += count;
  }
  column.length += entries.length;
}

/** A new chunk: `chunk`'s entries (if any) and `count` more. */
function extend(
  chunk: Chunk | undefined,
  count: number,
  fieldsOf: (index: number) => readonly (string | undefined)[],
): Chunk {
  const had = chunk?.length ?? 0;
  const length = had + count;
  const starts = new Int32Array(length * 4 + 1);
  const masks = new Int32Array(length * 4);
  const mask = new Int32Array(length);
  if (chunk) {
    starts.set(chunk.starts);
    masks.set(chunk.masks);
    mask.set(chunk.mask);
  }
  const parts: string[] = chunk ? [chunk.text] : [];
  let at = chunk ? chunk.text.length : 0;
  for (let index = 0; index < count; index += 1) {
    const raw = fieldsOf(index);
    let union = 0;
    for (let field = 0; field < 4; field += 1) {
      const text = foldCase(raw[field] ?? '');
      const slot = (had + index) * 4 + field;
      starts[slot] = at;
      const fieldMask = characterMask(text);
      masks[slot] = fieldMask;
      union |= fieldMask;
      parts.push(text, FIELD_END);
      at += text.length + 1;
    }
    mask[had + index] = union;
  }
  starts[length * 4] = at;
  // One flat string: joined, not concatenated, so V8 makes no rope to flatten on first read.
  return { text: parts.join(''), starts, masks, mask, length };
}

/** The chunk of a slot, and the slot's place in it. */
export function chunkOf(column: Column, slot: number): { chunk: Chunk; local: number } | undefined {
  const chunk = column.chunks[slot >> CHUNK_BITS];
  const local = slot & (CHUNK_SIZE - 1);
  return chunk && local < chunk.length ? { chunk, local } : undefined;
}

/**
 * One entry's folded fields as strings, for scoring and highlighting: made only for the rows
 * shown or ranked, never per keystroke for every match.
 */
export function entryText(column: Column, slot: number): HighlightedEntry | undefined {
  const found = chunkOf(column, slot);
  if (!found) return undefined;
  const { chunk, local } = found;
  const field = (f: number) =>
    chunk.text.slice(chunk.starts[local * 4 + f], (chunk.starts[local * 4 + f + 1] as number) - 1);
  return {
    fields: [field(0), field(1), field(2), field(3)],
    joined: chunk.text.slice(chunk.starts[local * 4], (chunk.starts[local * 4 + 4] as number) - 1),
    isTemplate: column.isTemplate,
  };
}

/** The unfolded URI (or URI template) of a slot, as added. */
export function sourceUri(column: Column, slot: number): string | undefined {
  for (let index = column.sources.length - 1; index >= 0; index -= 1) {
    const source = column.sources[index] as Column['sources'][number];
    if (slot < source.first) continue;
    const entry = source.entries[slot - source.first];
    return entry?.uri ?? entry?.uriTemplate;
  }
  return undefined;
}

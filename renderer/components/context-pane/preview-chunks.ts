/** The preview's blocks (preview.tsx): how the assembled text is cut for the page to draw. */
import { textHash } from '../../../shared/context/encodings';
import { splitIntoChunks } from '../content-view/text-chunks';

/** Characters past which a long part of the preview is cut, at a line's end where it can be. */
const CHUNK_CHARS = 4000;
/** Where a resource's part begins: a Markdown section's heading, a JSON block's brace. */
const PART_START = /\n(?=## | {2}\{\n)/g;

/**
 * The text in blocks, cut where each resource's part begins (and a long part within itself),
 * each named by a hash of its text. The cuts follow the text, not offsets, so a toggle that
 * takes one resource out changes one block: React removes one node and keeps the rest, where
 * blocks cut every 4,000 characters all shifted and were all written again. The browser lays
 * out only the blocks in view (`content-visibility: auto`). Their text is the text, exactly.
 */
export function chunksOf(text: string): { key: string; text: string }[] {
  const chunks: { key: string; text: string }[] = [];
  const seen = new Map<string, number>();
  const push = (chunk: string) => {
    const hash = textHash(chunk);
    const times = seen.get(hash) ?? 0;
    seen.set(hash, times + 1);
    chunks.push({ key: times === 0 ? hash : `${hash}~${times}`, text: chunk });
  };
  let at = 0;
  for (const cut of [...text.matchAll(PART_START)].map((match) => match.index + 1).concat(text.length)) {
    if (cut <= at) continue;
    const part = text.slice(at, cut);
    if (part.length <= CHUNK_CHARS) push(part);
    else for (const piece of splitIntoChunks(part, CHUNK_CHARS)) push(piece.text);
    at = cut;
  }
  return chunks;
}

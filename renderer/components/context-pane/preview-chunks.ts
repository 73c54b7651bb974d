/** The preview's blocks (preview.tsx): how the assembled text is cut for the page to draw. */
import { textHash } from '../../../shared/context/encodings';
import { splitIntoChunks } from '../content-view/text-chunks';

/** Characters past which a block is cut: within a long part at a line's end where it can be. */
const CHUNK_CHARS = 4000;
/**
 * Where a resource's part begins (assemble.ts): a Markdown section's heading followed by its
 * URI line, or a JSON embedded-resource block. A heading inside a resource's own text is not
 * one (it has no URI line after it), nor can a JSON string hold a line break.
 */
const PART_START = /\n(?=## [^\n]*\n\n- URI: | {2}\{\n {4}"type": "resource",)/g;

/** Whether a part starts a new block, by its own first characters: the same wherever it sits. */
function startsBlock(part: string): boolean {
  const last = textHash(part.slice(0, 200)).at(-1);
  return last === '0' || last === '8';
}

/**
 * The text in blocks, cut where resources' parts begin, each named by a hash of its text. A
 * part of more than {@link CHUNK_CHARS} is cut within itself; short ones share a block, which
 * ends before a part whose first characters say so ({@link startsBlock}, one in 18) or
 * when it would grow past {@link CHUNK_CHARS}. So the cuts follow the text, not offsets: a
 * toggle that takes one resource out changes a block or two, and React removes a node or two
 * and keeps the rest, where blocks cut every 4,000 characters all shifted and were all written
 * again; and a resource full of headings is not thousands of blocks. The browser lays out only
 * the blocks in view (`content-visibility: auto`). Their text is the text, exactly.
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
  let block = '';
  const flush = () => {
    if (block !== '') push(block);
    block = '';
  };
  let at = 0;
  for (const cut of [...text.matchAll(PART_START)]
    .map((match) => match.index + 1)
    .concat(text.length)) {
    if (cut <= at) continue;
    const part = text.slice(at, cut);
    at = cut;
    if (part.length > CHUNK_CHARS) {
      flush();
      for (const piece of splitIntoChunks(part, CHUNK_CHARS)) push(piece.text);
      continue;
    }
    if (block.length + part.length > CHUNK_CHARS || startsBlock(part)) flush();
    block += part;
  }
  flush();
  return chunks;
}

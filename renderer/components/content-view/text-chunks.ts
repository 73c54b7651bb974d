/**
 * Splits displayed text into blocks the browser can skip: each becomes an element with
 * `content-visibility: auto`, so only the blocks on screen are laid out and painted. One 1 MB
 * text node is laid out whole (hundreds of ms per step); 16 KB blocks cost almost nothing off
 * screen. Pure.
 */

/** Characters per block: small enough that laying out the visible few is instant. */
export const CHUNK_CHARS = 16_000;

export interface TextChunk {
  text: string;
  /**
   * A guess at its height in lines, so the scrollbar is about right before the block is laid out.
   */
  estimatedLines: number;
}

/**
 * Cuts after a line break where there is one in the second half of the block, else at the size
 * (never inside a surrogate pair).
 */
export function splitIntoChunks(text: string, size = CHUNK_CHARS, charsPerLine = 80): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= start + size / 2) end = newline + 1;
      else if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
    }
    const piece = text.slice(start, end);
    chunks.push({ text: piece, estimatedLines: estimateLines(piece, charsPerLine) });
    start = end;
  }
  return chunks;
}

function estimateLines(piece: string, charsPerLine: number): number {
  let lines = 0;
  let from = 0;
  for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', from)) {
    lines += Math.max(1, Math.ceil((at - from) / charsPerLine));
    from = at + 1;
  }
  if (from < piece.length) lines += Math.ceil((piece.length - from) / charsPerLine);
  return Math.max(1, lines);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

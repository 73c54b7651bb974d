import { describe, expect, it } from 'vitest';
import { assembleContext, type ContextItem } from '../../../shared/context/assemble';
import { chunksOf } from './preview-chunks';

const item = (n: number, text: string): ContextItem => ({
  serverId: 's',
  serverName: 'docs',
  uri: `kb://notes/${n}.md`,
  name: `note ${n}`,
  contents: [{ uri: `kb://notes/${n}.md`, text, size: text.length }],
});
const items = Array.from({ length: 30 }, (_, n) =>
  item(n, `Note ${n}.\n\n## A heading inside the note\n\n${'words '.repeat(50 * (n % 7))}`),
);

describe('chunksOf (the preview blocks)', () => {
  it('keeps every character in order, in both formats, with a long line and a surrogate pair at a cut', () => {
    const odd = [...items, item(99, `${'x'.repeat(3999)}😀${'y'.repeat(9000)}`)];
    for (const format of ['markdown', 'json'] as const) {
      const { text } = assembleContext(odd, format);
      const chunks = chunksOf(text);
      expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
      expect(Math.max(...chunks.map((chunk) => chunk.text.length))).toBeLessThanOrEqual(4000);
      expect(new Set(chunks.map((chunk) => chunk.key)).size).toBe(chunks.length);
    }
  });

  it('changes only the blocks of the resource taken out: the others keep their names', () => {
    for (const format of ['markdown', 'json'] as const) {
      const before = chunksOf(assembleContext(items, format).text);
      const after = chunksOf(
        assembleContext(
          items.filter((_, n) => n !== 5),
          format,
        ).text,
      );
      const kept = new Set(after.map((chunk) => chunk.key));
      const lost = before.filter((chunk) => !kept.has(chunk.key));
      // The resource's own blocks, and at most the one next to it (JSON's comma).
      expect(lost.length).toBeGreaterThan(0);
      expect(lost.length).toBeLessThanOrEqual(4);
      expect(lost.some((chunk) => chunk.text.includes('kb://notes/5.md'))).toBe(true);
    }
  });

  it('names the same text twice apart', () => {
    const same = assembleContext(
      [item(1, 'x'.repeat(3000)), item(1, 'x'.repeat(3000)), item(1, 'x'.repeat(3000))],
      'markdown',
    ).text;
    const chunks = chunksOf(same);
    expect(chunks).toHaveLength(3);
    expect(new Set(chunks.map((chunk) => chunk.key)).size).toBe(3);
  });

  it('keeps a resource full of headings, or of short parts, to a few blocks', () => {
    const headings = assembleContext(
      [item(1, '\n## x\n\n- URI: y'.repeat(10_000))],
      'markdown',
    ).text;
    expect(chunksOf(headings).length).toBeLessThanOrEqual(Math.ceil(headings.length / 2000));
    const tiny = assembleContext(
      Array.from({ length: 2000 }, (_, n) => item(n, 'a')),
      'markdown',
    ).text;
    expect(chunksOf(tiny).length).toBeLessThan(2000 / 4);
  });

  it('gives nothing for no text', () => {
    expect(chunksOf('')).toEqual([]);
  });
});

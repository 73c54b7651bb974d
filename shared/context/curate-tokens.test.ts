import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../mcp-types';
import { curateContext, wholeTokens, type CatalogCandidate } from './curate';
import { DEFAULT_POLICY } from './policy';
import { createTokenCounter, TOKEN_ENCODINGS } from './tokens';

// Pieces that sit badly at a seam: whitespace runs with and without newlines, CR, a section
// ending in punctuation or a heading mark, numbers, tokens the tokenizer treats specially,
// scripts with no spaces, emoji, combining marks, backtick runs that lengthen the fence.
const PIECES = [
  'word',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  '\t',
  '.',
  '!?',
  '#',
  '## ',
  '123456',
  '<|endoftext|>',
  '<|fim_prefix|>',
  '東京都',
  '😀',
  'e\u0301',
  '\u00a0',
  '\u2028',
  '```',
  '````',
  '- ',
  "'s",
  'ÅBC',
  '{"a": 1}',
  '',
];

/** A text of `length` pieces, from a seeded generator (the same texts every run). */
function texts(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(next() * 40) },
      () => PIECES[Math.floor(next() * PIECES.length)],
    ).join(''),
  );
}

describe('wholeTokens (the total of the whole text, without counting it again)', () => {
  for (const encoding of TOKEN_ENCODINGS) {
    it(`equals counting the whole text as one, in Markdown, in ${encoding}, on texts made to break a seam`, async () => {
      const counter = createTokenCounter(encoding);
      const bodies = texts(120, encoding.length);
      // Server names end the sections of resources with no contents: they end in what a seam
      // dislikes most (trailing spaces, a tab, NBSP, a slash, a digit, a mark), as do MIME types.
      const ENDINGS = [
        'Docs',
        'Docs  ',
        'Docs\t',
        'Docs\u00a0',
        'Docs/',
        'Docs 42',
        "Docs's",
        'Docs #',
        'Docs\u0085',
        'Docs\ufeff',
        'Docs\u000b',
        'e\u0301',
      ];
      const candidates: CatalogCandidate[] = bodies.map((_, n) => ({
        serverId: 's1',
        serverName: `${ENDINGS[n % ENDINGS.length]}\n# not a heading${ENDINGS[(n * 5) % ENDINGS.length]}`,
        uri: `kb://t/${String(n).padStart(3, '0')}`,
        name: n % 3 === 0 ? '' : `T ${n}`,
      }));
      const read = async (_server: string, uri: string): Promise<ContentItem[]> => {
        const n = Number(uri.slice(-3));
        const body = bodies[n] as string;
        // Some resources hold nothing, two texts, or a text and a blob.
        if (n % 4 === 1) return [];
        if (n % 4 === 2)
          return [
            { uri, text: body, size: body.length },
            {
              uri: `${uri}#2`,
              blob: 'AAAA',
              mimeType: `image/png${ENDINGS[n % ENDINGS.length]}`,
              size: 3,
            },
          ];
        return n % 8 === 3
          ? [
              { uri, text: body, size: body.length },
              { uri: `${uri}#2`, text: body.trimEnd(), size: body.length },
            ]
          : [{ uri, text: body, size: body.length }];
      };
      const marks = new Map(
        candidates.map((candidate) => [
          JSON.stringify([candidate.serverId, candidate.uri]),
          'include' as const,
        ]),
      );
      const curated = await curateContext({
        candidates,
        marks,
        settings: { ...DEFAULT_POLICY, auto: false },
        format: 'markdown',
        read,
        count: counter.count,
      });
      expect(curated.items).toHaveLength(120);
      // Exactness rests on this: every part begins with a heading.
      expect(curated.sections.every((section) => section.text.startsWith('## '))).toBe(true);
      expect(curated.sections.filter((section) => !section.text.endsWith('```'))).not.toHaveLength(
        0,
      );
      expect(await wholeTokens(curated, 'markdown', counter.count)).toBe(
        counter.count(curated.text),
      );
      // Any prefix of the context too (a toggle's context), and the empty one.
      for (const keep of [1, 2, 17, 60]) {
        const some = await curateContext({
          candidates,
          marks: new Map([...marks].slice(0, keep)),
          settings: { ...DEFAULT_POLICY, auto: false },
          format: 'markdown',
          read,
          count: counter.count,
        });
        expect(await wholeTokens(some, 'markdown', counter.count)).toBe(counter.count(some.text));
      }
      const none = await curateContext({
        candidates,
        marks: new Map(),
        settings: { ...DEFAULT_POLICY, auto: false },
        format: 'markdown',
        read,
        count: counter.count,
      });
      expect(await wholeTokens(none, 'markdown', counter.count)).toBe(0);
    });
  }

  it('counts the JSON text whole, and a part whose text changed since it was counted (a title renamed) afresh', async () => {
    const counter = createTokenCounter();
    const asked: string[] = [];
    const count = (text: string) => (asked.push(text), counter.count(text));
    const candidates: CatalogCandidate[] = ['a', 'b', 'c'].map((name) => ({
      serverId: 's1',
      serverName: 'Docs',
      uri: `kb://${name}`,
      name,
    }));
    const read = async (_server: string, uri: string): Promise<ContentItem[]> => [
      { uri, text: `text of ${uri}`, size: 8 + uri.length },
    ];
    const marks = new Map(
      candidates.map((candidate) => [
        JSON.stringify([candidate.serverId, candidate.uri]),
        'include' as const,
      ]),
    );
    const json = await curateContext({
      candidates,
      marks,
      settings: { ...DEFAULT_POLICY, auto: false },
      format: 'json',
      read,
      count,
    });
    asked.length = 0;
    expect(await wholeTokens(json, 'json', count)).toBe(counter.count(json.text));
    expect(asked).toEqual([json.text]);

    const known = (
      await curateContext({
        candidates,
        marks,
        settings: { ...DEFAULT_POLICY, auto: false },
        format: 'markdown',
        read,
        count,
      })
    ).known;
    const renamed = candidates.map((candidate) =>
      candidate.name === 'a' ? { ...candidate, name: 'a, renamed' } : candidate,
    );
    const again = await curateContext({
      candidates: renamed,
      marks,
      known,
      settings: { ...DEFAULT_POLICY, auto: false },
      format: 'markdown',
      read,
      count,
    });
    expect(await wholeTokens(again, 'markdown', count)).toBe(counter.count(again.text));
  });
});

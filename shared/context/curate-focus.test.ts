// Curation with a focus and without annotations: what a real catalog asks of it.
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../mcp-types';
import { resourceKeyString } from '../catalog/resource-key';
import { curateContext, FOCUS_POOL, READ_ALL_FOR_FOCUS, type CatalogCandidate } from './curate';
import { DEFAULT_POLICY } from './policy';
import { createTokenCounter } from './tokens';

const counter = createTokenCounter();
const doc = (uri: string, title: string, description?: string): CatalogCandidate => ({
  serverId: 's1',
  serverName: 'KB',
  uri,
  name: uri.split('/').pop() ?? uri,
  title,
  ...(description && { description }),
});
const bodies: Record<string, string> = {
  'kb://a/secrets.md': 'Database credentials are rotated every 90 days by the platform team.',
  'kb://a/postgres.md': 'Why we chose Postgres: transactions and extensions.',
  'kb://a/rotate.md': 'Create the new password, roll it out, revoke the old one.',
};
function reader(log: string[]) {
  return async (_server: string, uri: string): Promise<ContentItem[]> => {
    log.push(uri);
    const text = bodies[uri] ?? `Notes about ${uri}. `.repeat(20);
    return [{ uri, mimeType: 'text/markdown', text, size: text.length }];
  };
}

describe('curateContext with a focus', () => {
  const candidates = [
    doc('kb://a/postgres.md', 'Postgres as the main database'),
    doc('kb://a/secrets.md', 'How we manage secrets', 'Where credentials live'),
    doc('kb://a/rotate.md', 'Rotating the database credentials'),
    ...Array.from({ length: 30 }, (_, i) => doc(`kb://b/other-${i}.md`, `Other note ${i}`)),
  ];
  const settings = { ...DEFAULT_POLICY, focus: 'rotate the database credentials', budget: 300 };

  it('reads a small catalog whole for a focus, takes what says it, and leaves the rest out', async () => {
    const log: string[] = [];
    const curated = await curateContext({
      candidates,
      marks: new Map(),
      settings,
      format: 'markdown',
      read: reader(log),
      count: counter.count,
    });
    // Every text resource was read, so what a resource says inside ranks it.
    expect(new Set(log).size).toBe(candidates.length);
    expect(curated.focusSeen).toEqual({ read: 33, of: 33 });
    expect(curated.result.context.map((entry) => entry.uri).sort()).toEqual([
      'kb://a/rotate.md',
      'kb://a/secrets.md',
    ]);
    const secrets = curated.result.decision(
      resourceKeyString({ serverId: 's1', uri: 'kb://a/secrets.md' }),
    );
    expect(secrets?.reason).toMatch(
      /focus matched "rotate database credentials" in the description and the content;/,
    );
    // The thirty notes match nothing: not relevant, never "over budget".
    const other = curated.result.decision(
      resourceKeyString({ serverId: 's1', uri: 'kb://b/other-3.md' }),
    );
    expect(other?.kind).toBe('not-relevant');
    expect(other?.reason).toMatch(/^not relevant to the focus: none of its words matched;/);
  });

  it('fills the rest of the budget with what is not relevant only when asked to', async () => {
    const filled = await curateContext({
      candidates,
      marks: new Map(),
      settings: { ...settings, fill: true },
      format: 'markdown',
      read: reader([]),
      count: counter.count,
    });
    const uris = filled.result.context.map((entry) => entry.uri);
    // The relevant first, then the rest by rank.
    expect(uris.slice(0, 2).sort()).toEqual(['kb://a/rotate.md', 'kb://a/secrets.md']);
    expect(uris.length).toBeGreaterThan(2);
    expect(filled.result.usedBy.fill).toBeGreaterThan(0);
  });

  it('reads only the best matches of a catalog too large to read whole, and says so', async () => {
    const log: string[] = [];
    const large = [
      ...candidates,
      ...Array.from({ length: READ_ALL_FOR_FOCUS }, (_, i) => doc(`kb://c/n-${i}.md`, `Note ${i}`)),
    ];
    const curated = await curateContext({
      candidates: large,
      marks: new Map(),
      settings,
      format: 'markdown',
      read: reader(log),
      count: counter.count,
    });
    expect(curated.focusSeen).toEqual({ read: 3, of: large.length });
    expect(log.length).toBeLessThanOrEqual(FOCUS_POOL);
    expect(curated.result.context.map((entry) => entry.uri)).toContain('kb://a/rotate.md');
  });

  it('gives the same bytes however much an earlier run already read', async () => {
    const fresh = await curateContext({
      candidates,
      marks: new Map(),
      settings,
      format: 'markdown',
      read: reader([]),
      count: counter.count,
    });
    // A window that curated without a focus first has read other resources already.
    const earlier = await curateContext({
      candidates,
      marks: new Map(),
      settings: { ...settings, focus: '' },
      format: 'markdown',
      read: reader([]),
      count: counter.count,
    });
    const after = await curateContext({
      candidates,
      marks: new Map(),
      settings,
      format: 'markdown',
      read: reader([]),
      count: counter.count,
      known: earlier.known,
    });
    expect(after.text).toBe(fresh.text);
  });

  it('never gives an empty context because a guess said nothing fits', async () => {
    // No sizes declared: the first guess (500 tokens each) is over this budget; reading shows they
    // are small.
    const curated = await curateContext({
      candidates,
      marks: new Map(),
      settings: { ...DEFAULT_POLICY, budget: 120 },
      format: 'markdown',
      read: reader([]),
      count: counter.count,
    });
    expect(curated.items.length).toBeGreaterThan(0);
    expect(curated.result.used).toBeLessThanOrEqual(120);
  });

  it('decides the same whatever earlier runs read: estimates come from what this run takes in', async () => {
    // No sizes declared, bodies of very different lengths: what fits depends on the guesses.
    const bodyOf = (uri: string) =>
      `Notes about ${uri}. `.repeat(1 + ((Number(uri.split('-').pop()) * 37) % 60));
    const many = Array.from({ length: 80 }, (_, i) => doc(`kb://c/note-${i}`, `Note ${i}`));
    const read = async (_server: string, uri: string): Promise<ContentItem[]> => {
      const text = bodyOf(uri);
      return [{ uri, mimeType: 'text/markdown', text, size: text.length }];
    };
    const tight = { ...DEFAULT_POLICY, budget: 900 };
    const fresh = await curateContext({
      candidates: many,
      marks: new Map(),
      settings: tight,
      format: 'markdown',
      read,
      count: counter.count,
    });
    // A window that first curated with a large budget has read far more, with other averages.
    const wide = await curateContext({
      candidates: many,
      marks: new Map(),
      settings: { ...tight, budget: 20_000 },
      format: 'markdown',
      read,
      count: counter.count,
    });
    const after = await curateContext({
      candidates: many,
      marks: new Map(),
      settings: tight,
      format: 'markdown',
      read,
      count: counter.count,
      known: wide.known,
    });
    expect(after.text).toBe(fresh.text);
    expect(after.result.decisions.map((decision) => decision.reason)).toEqual(
      fresh.result.decisions.map((decision) => decision.reason),
    );
    expect(after.reads).toBeLessThan(fresh.reads);
  });

  it('decides a focus at once from what was read, asking no server, and the run after reads the rest', async () => {
    // A catalog too large to read whole, with a declared size for each, as the host sees it.
    const sized = [
      ...candidates,
      ...Array.from({ length: READ_ALL_FOR_FOCUS }, (_, i) => doc(`kb://c/n-${i}.md`, `Note ${i}`)),
    ].map((candidate) => ({ ...candidate, size: 400 }));
    const wide = { ...settings, budget: 2000 };
    const run = (log: string[], more: Partial<Parameters<typeof curateContext>[0]> = {}) =>
      curateContext({
        candidates: sized,
        marks: new Map(),
        settings: wide,
        format: 'markdown',
        read: reader(log),
        count: counter.count,
        ...more,
      });
    // What an earlier run read (a window curating without a focus): one of the answers only.
    const earlier = await run([], {
      marks: new Map([
        [resourceKeyString({ serverId: 's1', uri: 'kb://a/secrets.md' }), 'include'],
      ]),
      settings: { ...wide, auto: false, focus: '' },
    });
    const log: string[] = [];
    const quick = await run(log, {
      known: new Map(earlier.known),
      focusReads: 'known',
      cached: () => false,
    });
    expect(log).toEqual([]);
    // The rotation runbook matched by its title: it goes in on its declared size, unread, and
    // the run after it reads it.
    const rotate = quick.result.decision(
      resourceKeyString({ serverId: 's1', uri: 'kb://a/rotate.md' }),
    );
    expect(rotate).toMatchObject({ kind: 'auto', estimated: true });
    expect(quick.contextUnread).toBeGreaterThan(0);
    // Its text holds only what was read before.
    for (const item of quick.items) expect(earlier.known.has(resourceKeyString(item))).toBe(true);
    expect(quick.text).not.toContain('kb://a/rotate.md');
    const full = await run(log, { known: quick.known });
    expect(log).toContain('kb://a/rotate.md');
    const fresh = await run([]);
    expect(full.text).toBe(fresh.text);
    expect(full.text).toContain('kb://a/rotate.md');
  });
});

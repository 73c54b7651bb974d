import { resourceKeyString } from '../catalog/resource-key';
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../mcp-types';
import { curateContext, type CatalogCandidate } from './curate';
import { DEFAULT_POLICY } from './policy';
import { createTokenCounter } from './tokens';

const counter = createTokenCounter();
const candidate = (uri: string, priority: number | undefined, size?: number): CatalogCandidate => ({
  serverId: 's1',
  serverName: 'Docs',
  uri,
  name: uri.split('/').pop() ?? uri,
  ...(priority !== undefined && { annotations: { priority } }),
  ...(size !== undefined && { size }),
});
/** A catalog where resource i's text is i × 100 words long. */
function reader(log: string[], failing = new Set<string>()) {
  return async (_server: string, uri: string): Promise<ContentItem[]> => {
    log.push(uri);
    if (failing.has(uri)) throw new Error('resource vanished');
    const words = Number(uri.split('/').pop()) * 100;
    const text = 'word '.repeat(words);
    return [{ uri, mimeType: 'text/plain', text, size: text.length }];
  };
}

describe('curateContext', () => {
  it('reads in rank order and stops once the budget is full, never the whole catalog', async () => {
    // 1,000 candidates of falling priority; each costs about i × 100 tokens.
    const candidates = Array.from({ length: 1000 }, (_, i) =>
      candidate(`doc://r/${i}`, 1 - i / 2000),
    );
    const log: string[] = [];
    const read = async (_serverId: string, uri: string) => {
      log.push(uri);
      const text = 'word '.repeat(300);
      return [{ uri, text, size: text.length }];
    };
    const curated = await curateContext({
      candidates,
      marks: new Map(),
      settings: { ...DEFAULT_POLICY, budget: 3000, requirePriorityOne: false },
      format: 'markdown',
      read,
      count: counter.count,
    });
    expect(log.length).toBeLessThan(20);
    expect(curated.result.used).toBeLessThanOrEqual(3000);
    expect(curated.items.length).toBeGreaterThan(3);
    // What was read first is what ranks first.
    expect(log.slice(0, 4)).toEqual(curated.items.slice(0, 4).map((item) => item.uri));
  });

  it('counts real tokens after reading, so an estimate that was too low no longer fits', async () => {
    const log: string[] = [];
    // Declared sizes say both fit; read, the first is far bigger than declared.
    const curated = await curateContext({
      candidates: [candidate('doc://r/30', 0.9, 40), candidate('doc://r/1', 0.8, 40)],
      marks: new Map(),
      settings: { ...DEFAULT_POLICY, budget: 1000 },
      format: 'markdown',
      read: reader(log),
      count: counter.count,
    });
    const kinds = Object.fromEntries(curated.result.decisions.map((d) => [d.uri, d.kind]));
    expect(kinds).toEqual({ 'doc://r/30': 'over-budget', 'doc://r/1': 'auto' });
    expect(curated.result.decisions.find((d) => d.uri === 'doc://r/30')?.estimated).toBe(false);
    expect(curated.text).toContain('- URI: doc://r/1');
    expect(curated.text).not.toContain('doc://r/30');
  });

  it('marks a resource that cannot be read as unreadable and fills its place', async () => {
    const log: string[] = [];
    const curated = await curateContext({
      candidates: [candidate('doc://r/1', 0.9), candidate('doc://r/2', 0.7)],
      marks: new Map(),
      settings: { ...DEFAULT_POLICY, budget: 8000 },
      format: 'json',
      read: reader(log, new Set(['doc://r/1'])),
      count: counter.count,
    });
    expect(curated.result.decisions.map((d) => [d.uri, d.kind, d.reason])).toEqual([
      ['doc://r/1', 'unreadable', 'could not be read: resource vanished'],
      [
        'doc://r/2',
        'auto',
        expect.stringMatching(/^rank 2 of 2: priority 0.7 ≥ 0.5; \d+ tokens; \d+ of 8,000 used$/),
      ],
    ]);
    expect(JSON.parse(curated.text)).toHaveLength(1);
  });

  it('reads nothing twice when curating again with what it knows', async () => {
    const log: string[] = [];
    const options = {
      candidates: [candidate('doc://r/1', 0.9), candidate('doc://r/2', 0.9)],
      settings: DEFAULT_POLICY,
      format: 'markdown' as const,
      read: reader(log),
      count: counter.count,
    };
    const first = await curateContext({ ...options, marks: new Map() });
    const again = await curateContext({
      ...options,
      marks: new Map([
        [resourceKeyString({ serverId: 's1', uri: 'doc://r/2' }), 'exclude' as const],
      ]),
      known: first.known,
    });
    expect(log).toEqual(['doc://r/1', 'doc://r/2']);
    expect(again.reads).toBe(0);
    expect(again.items.map((item) => item.uri)).toEqual(['doc://r/1']);
  });

  it('never has more reads in flight than its concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    let unread = 20;
    // Each read is held until as many are in flight as may be (or as are left), then the oldest
    // ends: a fourth read at once would show, and fewer than three would hold forever.
    const held: (() => void)[] = [];
    const next = () => {
      if (held.length > 0 && held.length === Math.min(3, unread)) held.shift()?.();
    };
    const read = async (_s: string, uri: string) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((release) => {
        held.push(release);
        next();
      });
      inFlight -= 1;
      unread -= 1;
      next();
      return [{ uri, text: 'x', size: 1 }];
    };
    const candidates = Array.from({ length: unread }, (_, i) => candidate(`doc://r/${i}`, 1));
    await curateContext({
      candidates,
      marks: new Map(),
      // Room for every guess at once, so all twenty are read in one wave.
      settings: { ...DEFAULT_POLICY, budget: 100_000, requiredShare: 1 },
      format: 'markdown',
      read,
      count: counter.count,
      concurrency: 3,
    });
    expect(most).toBe(3);
  });

  describe('against a hostile server', () => {
    const many = (count: number, extra: Partial<CatalogCandidate> = {}) =>
      Array.from({ length: count }, (_, i) => ({ ...candidate(`doc://h/${i}`, 0.9), ...extra }));

    it('stops reading a server whose reads keep failing', async () => {
      const log: string[] = [];
      const curated = await curateContext({
        candidates: many(500),
        marks: new Map(),
        settings: DEFAULT_POLICY,
        format: 'markdown',
        read: reader(log, new Set(many(500).map((c) => c.uri))),
        count: counter.count,
      });
      expect(log.length).toBeLessThan(50);
      expect(
        curated.result.decisions.filter((d) => d.reason.includes('reads from this server failed')),
      ).not.toHaveLength(0);
      expect(curated.items).toHaveLength(0);
    });

    it('does not take a declared size of 0 as free', async () => {
      const log: string[] = [];
      await curateContext({
        candidates: many(500, { size: 0 }),
        marks: new Map(),
        settings: { ...DEFAULT_POLICY, budget: 2000 },
        format: 'markdown',
        read: reader(log),
        count: counter.count,
      });
      expect(log.length).toBeLessThan(40);
    });

    it('leaves out binary-only resources instead of counting them as free', async () => {
      const log: string[] = [];
      const read = async (_s: string, uri: string) => {
        log.push(uri);
        return [{ uri, mimeType: 'image/png', blob: 'iVBORw0KGgo=', size: 8 }];
      };
      const curated = await curateContext({
        candidates: many(300),
        marks: new Map(),
        settings: { ...DEFAULT_POLICY, budget: 2000 },
        format: 'json',
        read,
        count: counter.count,
      });
      expect(curated.items).toHaveLength(0);
      expect(curated.result.decisions[0]?.reason).toContain('no text content');
      expect(log.length).toBeLessThanOrEqual(300);
    });

    it('reads at most its limit for auto-include, yet every resource the user picked', async () => {
      const log: string[] = [];
      const candidates = many(300);
      const picks = new Map(
        candidates.slice(0, 50).map((c) => [resourceKeyString(c), 'include' as const]),
      );
      const curated = await curateContext({
        candidates,
        marks: picks,
        settings: { ...DEFAULT_POLICY, budget: 10_000_000 },
        format: 'markdown',
        read: reader(log),
        count: counter.count,
        maxReads: 80,
      });
      expect(log.length).toBe(80);
      expect(curated.result.decisions.filter((d) => d.kind === 'picked')).toHaveLength(50);
      expect(curated.result.decisions.find((d) => d.reason.includes('its limit'))?.kind).toBe(
        'unreadable',
      );
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogWarning, ResourceEntry } from '../mcp-types';
import { InvalidPageError, SLICE, walkPages } from './walk-pages';

type Page = { resources: unknown[]; nextCursor?: unknown };

/** A fake server's pages, keyed by the cursor that asks for them ('' is a real cursor). */
function pagesByCursor(pages: Record<string, Page>) {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    fetchPage: async (cursor: string | undefined) => {
      asked.push(cursor);
      const page = pages[cursor ?? 'first'];
      if (!page) throw new Error(`no page for cursor ${cursor}`);
      return page;
    },
  };
}

const res = (uri: string, extra: Record<string, unknown> = {}) => ({
  uri,
  name: uri.split('/').pop(),
  ...extra,
});

async function walk(pages: Record<string, Page>, maxPages?: number) {
  const server = pagesByCursor(pages);
  const items: ResourceEntry[] = [];
  const warnings: CatalogWarning[] = [];
  const seenPages: number[] = [];
  const outcome = await walkPages('resources', {
    serverId: 's1',
    fetchPage: server.fetchPage,
    onPage: (page) => {
      seenPages.push(page.page);
      items.push(...page.items);
      warnings.push(...page.warnings);
    },
    ...(maxPages !== undefined && { maxPages }),
  });
  return { outcome, items, warnings, seenPages, asked: server.asked };
}

describe('walkPages', () => {
  it('hands on every page as it arrives and follows an empty-string cursor as a real one', async () => {
    const { outcome, items, seenPages, asked } = await walk({
      first: { resources: [res('a://1'), res('a://2')], nextCursor: '' },
      '': { resources: [res('a://3')], nextCursor: 'c2' },
      c2: { resources: [res('a://4')] },
    });
    expect(outcome).toEqual({ status: 'complete', pages: 3, items: 4 });
    expect(seenPages).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, '', 'c2']);
    expect(items.map((i) => i.uri)).toEqual(['a://1', 'a://2', 'a://3', 'a://4']);
    expect(items[0]?.serverId).toBe('s1');
  });

  it('stops a cursor loop and names where the loop closes', async () => {
    const { outcome, warnings, items } = await walk({
      first: { resources: [res('a://1')], nextCursor: 'A' },
      A: { resources: [res('a://2')], nextCursor: 'B' },
      B: { resources: [res('a://3')], nextCursor: 'A' },
    });
    expect(outcome.status).toBe('complete');
    expect(items).toHaveLength(3);
    const loop = warnings.find((w) => w.kind === 'cursor-loop');
    expect(loop?.message).toContain('"A" first seen on page 1');
    expect(loop?.page).toBe(3);
  });

  it('stops when a page brings no new URIs even though every cursor is fresh', async () => {
    let n = 0;
    const outcome = await walkPages('resources', {
      serverId: 's1',
      fetchPage: async () => ({ resources: [res('a://same')], nextCursor: `fresh-${n++}` }),
      onPage: () => {},
    });
    expect(outcome.pages).toBe(2);
  });

  it('reports duplicates and keeps the first listing', async () => {
    const { items, warnings } = await walk({
      first: { resources: [res('a://1', { title: 'first' })], nextCursor: 'x' },
      x: { resources: [res('a://1', { title: 'second' }), res('a://2')] },
    });
    expect(items.map((i) => i.title ?? i.name)).toEqual(['first', '2']);
    expect(warnings).toContainEqual(
      expect.objectContaining({ kind: 'duplicate-uri', uri: 'a://1', page: 2 }),
    );
  });

  it('leaves invalid items out with a warning that says which and why, and keeps the rest', async () => {
    const { items, warnings } = await walk({
      first: {
        resources: [
          res('a://ok'),
          { name: 'no uri' },
          { uri: 42, name: 'n' },
          'text',
          res('a://bad', { annotations: { priority: 1.7 } }),
        ],
      },
    });
    expect(items.map((i) => i.uri)).toEqual(['a://ok', 'a://bad']);
    expect(items[1]?.annotations).toBeUndefined();
    const messages = warnings.map((w) => w.message);
    expect(messages).toContain('page 1, item 2 left out: it has no uri');
    expect(messages).toContain('page 1, item 3 left out: its uri is number 42, not a string');
    expect(messages.some((m) => m.includes('item 4 left out'))).toBe(true);
    expect(messages.some((m) => m.startsWith('a://bad: priority number 1.7'))).toBe(true);
  });

  it('stops at the safety cap, with a warning', async () => {
    let n = 0;
    const outcome = await walkPages('resources', {
      serverId: 's1',
      maxPages: 5,
      fetchPage: async () => ({ resources: [res(`a://${n}`)], nextCursor: `c${n++}` }),
      onPage: () => {},
    });
    expect(outcome).toEqual({ status: 'complete', pages: 5, items: 5 });
  });

  it('rejects a page that is not a list result', async () => {
    await expect(walk({ first: { nextCursor: 'x' } as unknown as Page })).rejects.toBeInstanceOf(
      InvalidPageError,
    );
  });

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController();
    let n = 0;
    const outcome = await walkPages('resources', {
      serverId: 's1',
      signal: controller.signal,
      fetchPage: async () => ({ resources: [res(`a://${n}`)], nextCursor: `c${n++}` }),
      onPage: (page) => page.page === 3 && controller.abort(),
    });
    expect(outcome).toEqual({ status: 'cancelled', pages: 3, items: 3 });
  });

  it('walks templates by uriTemplate', async () => {
    const pages: Record<string, unknown> = {
      first: {
        resourceTemplates: [{ uriTemplate: 'a://{x}', name: 't' }, { name: 'no template' }],
      },
    };
    const got: string[] = [];
    await walkPages('templates', {
      serverId: 's1',
      fetchPage: async () => pages.first,
      onPage: (p) => got.push(...p.items.map((t) => t.uriTemplate)),
    });
    expect(got).toEqual(['a://{x}']);
  });
});

describe('walkPages asks ahead', () => {
  it('requests the next page before handing on the current one', async () => {
    const asked: (string | undefined)[] = [];
    const seenAtPage: (string | undefined)[][] = [];
    await walkPages('resources', {
      serverId: 's1',
      fetchPage: (cursor) => {
        asked.push(cursor);
        const n = Number(cursor ?? 0);
        return Promise.resolve({
          resources: [{ uri: `a://${n}`, name: 'x' }],
          ...(n < 2 && { nextCursor: String(n + 1) }),
        });
      },
      onPage: () => seenAtPage.push([...asked]),
    });
    expect(seenAtPage).toEqual([
      [undefined, '1'],
      [undefined, '1', '2'],
      [undefined, '1', '2'],
    ]);
  });

  it('leaves no rejection unhandled when a request it asked for is never read', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      const outcome = await walkPages('resources', {
        serverId: 's1',
        signal: controller.signal,
        fetchPage: () => {
          // Cancelled as the first request goes out: the walk returns without reading it.
          controller.abort();
          return Promise.reject(new Error('aborted'));
        },
        onPage: () => undefined,
      });
      expect(outcome.status).toBe('cancelled');
      // Node tells of a rejection left unhandled as soon as the microtasks of the turn that made it
      // have run: by the next turn of the event loop (setImmediate), it would have been told.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('a large page', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => res(`big://r/${String(i).padStart(5, '0')}`));

  it('is handed on in parts of SLICE, pausing between them, each item once', async () => {
    const items = [...many(2 * SLICE + 5_000), res('big://r/00003')];
    const parts: { first: boolean; checked: number; of: number; items: number }[] = [];
    const warnings: CatalogWarning[] = [];
    let pauses = 0;
    const outcome = await walkPages('resources', {
      serverId: 's1',
      fetchPage: async () => ({ resources: items }),
      pause: async () => {
        pauses += 1;
      },
      onPage: (page) => {
        parts.push({
          first: page.first,
          checked: page.checked,
          of: page.of,
          items: page.items.length,
        });
        warnings.push(...page.warnings);
      },
    });
    expect(outcome).toEqual({ status: 'complete', pages: 1, items: 2 * SLICE + 5_000 });
    const of = 2 * SLICE + 5_001;
    expect(parts).toEqual([
      { first: true, checked: SLICE, of, items: SLICE },
      { first: false, checked: 2 * SLICE, of, items: SLICE },
      { first: false, checked: of, of, items: 5_000 },
    ]);
    expect(pauses).toBe(2);
    // A duplicate in a later part is still one.
    expect(warnings.map((warning) => warning.kind)).toEqual(['duplicate-uri']);
  });

  it('stops between its parts when cancelled', async () => {
    const controller = new AbortController();
    const handed: number[] = [];
    const outcome = await walkPages('resources', {
      serverId: 's1',
      signal: controller.signal,
      fetchPage: async () => ({ resources: many(3 * SLICE) }),
      pause: async () => controller.abort(),
      onPage: (page) => handed.push(page.checked),
    });
    expect(outcome.status).toBe('cancelled');
    expect(handed).toEqual([SLICE]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogSummary, WindowEvent } from '../../../shared/window-api';
import { reduceCatalogs, type CatalogsData } from './catalog-reducer';

function catalog(generation: number, uris: string[]): CatalogSummary {
  return {
    serverId: 's1',
    generation,
    status: 'listing',
    resourceCount: uris.length,
    templates: [],
    pages: 1,
    warnings: [],
  };
}

function page(generation: number, uris: string[], pages = 2): WindowEvent {
  return {
    seq: 1,
    type: 'catalog-page',
    serverId: 's1',
    generation,
    added: uris.length,
    templates: [],
    warnings: [],
    pages,
  };
}

describe('reduceCatalogs', () => {
  it('counts a page of the current generation in', () => {
    const next = reduceCatalogs({ s1: catalog(2, ['a://1']) }, page(2, ['a://2', 'a://3']));
    expect(next.s1?.resourceCount).toBe(3);
    expect(next.s1?.pages).toBe(2);
  });

  it('ignores a late page of an older generation', () => {
    const before: CatalogsData = { s1: catalog(3, ['a://1']) };
    expect(reduceCatalogs(before, page(2, ['stale://x']))).toBe(before);
  });

  it('starts fresh when a page of a newer generation arrives without its reset', () => {
    const next = reduceCatalogs({ s1: catalog(1, ['old://1']) }, page(2, ['new://1'], 1));
    expect(next.s1?.generation).toBe(2);
    expect(next.s1?.resourceCount).toBe(1);
  });

  it('clears resources, templates and warnings on reset', () => {
    const full: CatalogSummary = {
      ...catalog(1, ['a://1']),
      status: 'complete',
      warnings: [{ kind: 'duplicate-uri', message: 'dup', list: 'resources' }],
    };
    const next = reduceCatalogs(
      { s1: full },
      { seq: 2, type: 'catalog-reset', serverId: 's1', generation: 2 },
    );
    expect(next.s1).toMatchObject({
      generation: 2,
      status: 'listing',
      resourceCount: 0,
      templates: [],
      warnings: [],
      pages: 0,
    });
  });

  it('ignores a reset older than what it has', () => {
    const before: CatalogsData = { s1: catalog(5, ['a://1']) };
    expect(
      reduceCatalogs(before, { seq: 2, type: 'catalog-reset', serverId: 's1', generation: 4 }),
    ).toBe(before);
  });

  it('applies a status only for the current generation, and drops a cleared error', () => {
    const failed = reduceCatalogs(
      { s1: catalog(1, []) },
      {
        seq: 3,
        type: 'catalog-status',
        serverId: 's1',
        generation: 1,
        status: 'failed',
        error: 'boom',
      },
    );
    expect(failed.s1).toMatchObject({ status: 'failed', error: 'boom' });
    const stale = reduceCatalogs(failed, {
      seq: 4,
      type: 'catalog-status',
      serverId: 's1',
      generation: 0,
      status: 'complete',
    });
    expect(stale).toBe(failed);
    const complete = reduceCatalogs(failed, {
      seq: 5,
      type: 'catalog-status',
      serverId: 's1',
      generation: 1,
      status: 'complete',
    });
    expect(complete.s1?.status).toBe('complete');
    expect(complete.s1 && 'error' in complete.s1).toBe(false);
  });

  it('forgets the catalog of a removed server', () => {
    const next = reduceCatalogs(
      { s1: catalog(1, ['a://1']) },
      { seq: 6, type: 'server-removed', serverId: 's1' },
    );
    expect(next).toEqual({});
  });

  it('keeps where a listing is inside a large page until the page or the listing ends', () => {
    const start = { s1: catalog(1, []) };
    const progress = (event: Partial<WindowEvent>) =>
      ({
        seq: 2,
        type: 'catalog-progress',
        serverId: 's1',
        generation: 1,
        ...event,
      }) as WindowEvent;
    const receiving = reduceCatalogs(
      start,
      progress({ progress: { phase: 'receiving', bytes: 12_000_000 } }),
    );
    expect(receiving.s1?.progress).toEqual({ phase: 'receiving', bytes: 12_000_000 });
    // An older listing's word changes nothing.
    expect(reduceCatalogs(receiving, progress({ generation: 0, progress: undefined }))).toBe(
      receiving,
    );
    const indexing = reduceCatalogs(
      receiving,
      progress({ progress: { phase: 'indexing', done: 40_000, total: 100_000 } }),
    );
    expect(indexing.s1?.progress).toEqual({ phase: 'indexing', done: 40_000, total: 100_000 });
    expect(reduceCatalogs(indexing, progress({})).s1?.progress).toBeUndefined();
    const failed = reduceCatalogs(indexing, {
      seq: 3,
      type: 'catalog-status',
      serverId: 's1',
      generation: 1,
      status: 'failed',
      error: 'gone',
    });
    expect(failed.s1?.progress).toBeUndefined();
  });
});

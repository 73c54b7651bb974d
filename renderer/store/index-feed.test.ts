import { describe, expect, it } from 'vitest';
import type { CatalogSnapshot, ResourceEntry } from '../../shared/host-api';
import { indexUpdates } from './index-feed';

function resource(uri: string): ResourceEntry {
  return { serverId: 's1', uri, name: uri };
}

function catalog(generation: number, resources: ResourceEntry[]): CatalogSnapshot {
  return { serverId: 's1', generation, status: 'listing', resources, templates: [], pages: 1, warnings: [] };
}

describe('indexUpdates', () => {
  const first = [resource('a://1'), resource('a://2')];

  it('adds only the new page when a page was appended', () => {
    const before = catalog(1, first);
    const page = [resource('a://3')];
    const updates = indexUpdates({ s1: before }, { s1: { ...before, resources: first.concat(page) } });
    expect(updates).toEqual([{ type: 'add', serverId: 's1', resources: page, templates: [] }]);
  });

  it('re-feeds a server whose listing started over, and clears a removed one', () => {
    const restarted = catalog(2, [resource('a://9')]);
    expect(indexUpdates({ s1: catalog(1, first) }, { s1: restarted })).toEqual([
      { type: 'clear', serverId: 's1' },
      { type: 'add', serverId: 's1', resources: restarted.resources, templates: [] },
    ]);
    expect(indexUpdates({ s1: catalog(1, first) }, {})).toEqual([{ type: 'clear', serverId: 's1' }]);
  });

  it('re-feeds when a snapshot brings equal data as new objects', () => {
    const copy = catalog(1, first.map((entry) => ({ ...entry })));
    expect(indexUpdates({ s1: catalog(1, first) }, { s1: copy }).map((update) => update.type)).toEqual(['clear', 'add']);
  });

  it('says nothing when only the status changed', () => {
    const before = catalog(1, first);
    expect(indexUpdates({ s1: before }, { s1: { ...before, status: 'complete' } })).toEqual([]);
  });
});

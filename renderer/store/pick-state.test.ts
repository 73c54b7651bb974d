import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../../shared/host-api';
import type { CatalogNode } from '../../shared/catalog/tree-types';
import { checkState, countPicks, pickKey, togglePicks } from './pick-state';

function leaf(serverId: string, uri: string, name = uri): CatalogNode {
  const resource: ResourceEntry = { serverId, uri, name };
  return { id: `r:${serverId}:${uri}`, kind: 'resource', serverId, label: name, resourceCount: 1, resource };
}

function folder(id: string, children: CatalogNode[]): CatalogNode {
  const resourceCount = children.reduce((sum, child) => sum + child.resourceCount, 0);
  return { id, kind: 'folder', serverId: 's1', label: id, children, resourceCount };
}

const a = leaf('s1', 'x://a/1');
const b = leaf('s1', 'x://a/2');
const c = leaf('s1', 'x://b/1');
const inner = folder('f:a', [a, b]);
const templates: CatalogNode = { id: 't:s1', kind: 'templates', serverId: 's1', label: 'Templates', children: [], resourceCount: 0 };
const server: CatalogNode = { id: 's:s1', kind: 'server', serverId: 's1', label: 'one', children: [inner, c, templates], resourceCount: 3 };
const tree = [server];

describe('pick state', () => {
  it('derives unchecked, mixed and checked folders from one count per change', () => {
    const picked = new Set([pickKey(a.resource as ResourceEntry)]);
    const counts = countPicks(tree, picked);
    expect(counts.get(inner)).toEqual({ picked: 1, total: 2 });
    expect(checkState(inner, counts, picked)).toBe('mixed');
    expect(checkState(server, counts, picked)).toBe('mixed');
    expect(checkState(c, counts, picked)).toBe(false);
    expect(checkState(templates, counts, picked)).toBeNull();

    const all = togglePicks(inner, counts, picked);
    const after = countPicks(tree, all);
    expect(checkState(inner, after, all)).toBe(true);
    expect(checkState(server, after, all)).toBe('mixed');
  });

  it('checking a server picks every resource, checking it again unpicks them', () => {
    const none = new Set<string>();
    const all = togglePicks(server, countPicks(tree, none), none);
    expect(all.size).toBe(3);
    expect(togglePicks(server, countPicks(tree, all), all).size).toBe(0);
  });

  it('keys picks by server and URI, so equal names or URIs on two servers stay apart', () => {
    const here = leaf('s1', 'x://same', 'readme');
    const there = leaf('s2', 'x://same', 'readme');
    expect(pickKey(here.resource as ResourceEntry)).not.toBe(pickKey(there.resource as ResourceEntry));
    const picked = new Set([pickKey(here.resource as ResourceEntry)]);
    expect(checkState(there, countPicks([], picked), picked)).toBe(false);
  });

  it('a folder of a filtered tree picks and counts only the resources shown under it', () => {
    const filtered = [{ ...server, children: [{ ...inner, children: [b] }] }];
    const none = new Set<string>();
    const shownInner = filtered[0]?.children?.[0] as CatalogNode;
    const picked = togglePicks(shownInner, countPicks(filtered, none), none);
    expect([...picked]).toEqual([pickKey(b.resource as ResourceEntry)]);
    expect(checkState(shownInner, countPicks(filtered, picked), picked)).toBe(true);
    // Against the whole tree the same picks leave the real folder mixed.
    expect(checkState(inner, countPicks(tree, picked), picked)).toBe('mixed');
  });
});

describe('countPicks after new pages', () => {
  it('reuses the counts of unchanged folders for the same picks, and counts changed ones afresh', () => {
    const picked = new Set([pickKey(a.resource as ResourceEntry)]);
    const before = countPicks(tree, picked);
    // A new page landed in the server's root: a new server node, the same inner folder.
    const d = leaf('s1', 'x://c/1');
    const grown = [{ ...server, children: [inner, c, d, templates], resourceCount: 4 }];
    const after = countPicks(grown, picked, before);
    expect(after.get(grown[0] as CatalogNode)).toEqual({ picked: 1, total: 4 });
    expect(after.get(inner)).toBe(before.get(inner));
    // Other picks: nothing is reused.
    const more = new Set([...picked, pickKey(d.resource as ResourceEntry)]);
    expect(countPicks(grown, more, after).get(grown[0] as CatalogNode)).toEqual({ picked: 2, total: 4 });
  });
});

import { describe, expect, it } from 'vitest';
import type { ViewNode } from '../../shared/catalog/view-wire';
import type { ResourceEntry } from '../../shared/mcp-types';
import { checkState, pickKey } from './pick-state';

function leaf(serverId: string, uri: string, name = uri): ViewNode {
  const resource: ResourceEntry = { serverId, uri, name };
  return { id: `r:${serverId}:${uri}`, kind: 'resource', serverId, label: name, resourceCount: 1, resource };
}

function folder(resourceCount: number, picked: number): ViewNode {
  return { id: 'f', kind: 'folder', serverId: 's1', label: 'f', children: [], resourceCount, picked };
}

describe('a row’s checkbox', () => {
  it('reads a folder’s box from the counts the host sent with the row', () => {
    expect(checkState(folder(3, 0), new Set())).toBe(false);
    expect(checkState(folder(3, 1), new Set())).toBe('mixed');
    expect(checkState(folder(3, 3), new Set())).toBe(true);
    // Nothing to pick: an empty folder, the templates branch, a template.
    expect(checkState(folder(0, 0), new Set())).toBeNull();
    expect(checkState({ id: 't', kind: 'templates', serverId: 's1', label: 'Templates', children: [], resourceCount: 0 }, new Set())).toBeNull();
    expect(checkState({ id: 'u', kind: 'template', serverId: 's1', label: 'x', resourceCount: 0 }, new Set())).toBeNull();
  });

  it('reads a resource’s box from the window’s own picks, keyed by server and URI', () => {
    const here = leaf('s1', 'x://same', 'readme');
    const there = leaf('s2', 'x://same', 'readme');
    expect(pickKey(here.resource as ResourceEntry)).not.toBe(pickKey(there.resource as ResourceEntry));
    const picked = new Set([pickKey(here.resource as ResourceEntry)]);
    expect(checkState(here, picked)).toBe(true);
    expect(checkState(there, picked)).toBe(false);
  });
});

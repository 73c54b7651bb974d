import { describe, expect, it } from 'vitest';
import type { ViewNode } from '../../shared/catalog/view-wire';
import type { ResourceEntry } from '../../shared/mcp-types';
import { checkState } from './pick-state';

function leaf(serverId: string, uri: string, mark?: ViewNode['mark']): ViewNode {
  const resource: ResourceEntry = { serverId, uri, name: uri };
  return {
    id: `r:${serverId}:${uri}`,
    kind: 'resource',
    serverId,
    label: uri,
    resourceCount: 1,
    resource,
    ...(mark && { mark }),
  };
}

function folder(resourceCount: number, picked: number): ViewNode {
  return {
    id: 'f',
    kind: 'folder',
    serverId: 's1',
    label: 'f',
    children: [],
    resourceCount,
    picked,
  };
}

describe('a row’s checkbox', () => {
  it('reads a folder’s box from the counts the host sent with the row', () => {
    expect(checkState(folder(3, 0), undefined)).toBe(false);
    expect(checkState(folder(3, 1), undefined)).toBe('mixed');
    expect(checkState(folder(3, 3), undefined)).toBe(true);
    // Nothing to pick: an empty folder, the templates branch, a template.
    expect(checkState(folder(0, 0), undefined)).toBeNull();
    expect(
      checkState(
        {
          id: 't',
          kind: 'templates',
          serverId: 's1',
          label: 'Templates',
          children: [],
          resourceCount: 0,
        },
        undefined,
      ),
    ).toBeNull();
    expect(
      checkState(
        { id: 'u', kind: 'template', serverId: 's1', label: 'x', resourceCount: 0 },
        undefined,
      ),
    ).toBeNull();
  });

  it('checks a resource only when its mark is include: a pin or an exclusion is not a pick', () => {
    expect(checkState(leaf('s1', 'x://a', 'include'), 'include')).toBe(true);
    expect(checkState(leaf('s1', 'x://a', 'pin'), 'pin')).toBe(false);
    expect(checkState(leaf('s1', 'x://a', 'exclude'), 'exclude')).toBe(false);
    expect(checkState(leaf('s1', 'x://a'), undefined)).toBe(false);
  });

  it('shows a pick sent and not answered yet over the row’s mark', () => {
    expect(checkState(leaf('s1', 'x://a'), 'include')).toBe(true);
    expect(checkState(leaf('s1', 'x://a', 'include'), undefined)).toBe(false);
  });
});

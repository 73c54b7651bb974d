import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../mcp-types';
import { buildCatalogTree } from './build-tree';
import { folderNodeId, resourceNodeId, serverNodeId, templateNodeId } from './node-ids';
import { findNode, pathTo } from './view-rows';

const entry = (uri: string): ResourceEntry => ({
  serverId: 's2',
  uri,
  name: uri.split('/').pop() ?? uri,
});

describe('finding a row by id', () => {
  const resources = [
    'a://h/docs/a.md',
    'a://h/docs/b.md',
    'a://h/docs-old/a.md',
    'a://h//x//y.md',
    'urn:isbn:0451450523',
  ].map(entry);
  const tree = buildCatalogTree({
    servers: [
      { id: 's1', name: 'first' },
      { id: 's2', name: 'second' },
    ],
    resources: { s1: [{ ...entry('a://h/docs/a.md'), serverId: 's1' }], s2: resources },
    templates: { s2: [{ serverId: 's2', uriTemplate: 'a://h/{id}', name: 'by id' }] },
    sort: 'name',
  });
  const labels = (id: string) => pathTo(tree, id)?.map((node) => node.label);

  it('finds a resource of the right server, with the folders above it', () => {
    expect(labels(resourceNodeId('s2', 'a://h/docs/a.md'))).toEqual([
      'second',
      'a://h',
      'docs',
      'a.md',
    ]);
    expect(findNode(tree, resourceNodeId('s1', 'a://h/docs/a.md'))?.serverId).toBe('s1');
    expect(findNode(tree, resourceNodeId('s2', 'a://h/docs-old/a.md'))?.resource?.uri).toBe(
      'a://h/docs-old/a.md',
    );
  });

  it('finds a resource whose URI the tree tidied into other folders', () => {
    expect(findNode(tree, resourceNodeId('s2', 'a://h//x//y.md'))?.resource?.uri).toBe(
      'a://h//x//y.md',
    );
  });

  it('finds servers, folders and templates, and nothing for an unknown id', () => {
    expect(findNode(tree, serverNodeId('s2'))?.label).toBe('second');
    expect(findNode(tree, folderNodeId('s2', 'a://h/docs'))?.label).toBe('docs');
    expect(findNode(tree, templateNodeId('s2', 'a://h/{id}'))?.label).toBe('by id');
    expect(findNode(tree, resourceNodeId('s2', 'a://h/docs/none.md'))).toBeNull();
    expect(findNode(tree, resourceNodeId('s3', 'a://h/docs/a.md'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { ResourceEntry, TemplateEntry } from '../mcp-types';
import {
  buildCatalogTree,
  createCatalogTreeBuilder,
  folderNodeId,
  resourceNodeId,
  serverNodeId,
  templateNodeId,
} from './build-tree';
import type { CatalogNode, CatalogSort } from './tree-types';

const resource = (uri: string, extra: Partial<ResourceEntry> = {}): ResourceEntry => ({
  serverId: 's1',
  uri,
  name: uri,
  ...extra,
});
const template = (uriTemplate: string, name = uriTemplate): TemplateEntry => ({
  serverId: 's1',
  uriTemplate,
  name,
});

function tree(
  resources: ResourceEntry[],
  sort: CatalogSort = 'name',
  templates: TemplateEntry[] = [],
): CatalogNode[] {
  return buildCatalogTree({
    servers: [{ id: 's1', name: 'Docs' }],
    resources: { s1: resources },
    templates: { s1: templates },
    sort,
  });
}

/** The tree as indented labels, which is what the user sees. */
function outline(nodes: readonly CatalogNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.label}`,
    ...outline(node.children ?? [], depth + 1),
  ]);
}

function allNodes(nodes: readonly CatalogNode[]): CatalogNode[] {
  return nodes.flatMap((node) => [node, ...allNodes(node.children ?? [])]);
}

describe('buildCatalogTree', () => {
  it('groups each server by scheme and authority, then by path, collapsing single-folder chains', () => {
    const nodes = buildCatalogTree({
      servers: [
        { id: 's2', name: 'Web' },
        { id: 's1', name: 'Docs' },
      ],
      resources: {
        s1: [
          resource('docs://lumen/docs/api/v2/intro.md', { name: 'intro.md' }),
          resource('docs://lumen/guide.md', { name: 'guide.md', title: 'The Guide' }),
        ],
        s2: [resource('https://example.com/index.html', { serverId: 's2', name: 'index.html' })],
      },
      templates: {},
      sort: 'name',
    });
    expect(outline(nodes)).toEqual([
      'Web',
      '  https://example.com',
      '    index.html',
      'Docs',
      '  docs://lumen',
      '    docs/api/v2',
      '      intro.md',
      '    The Guide',
    ]);
    expect(nodes[1]?.id).toBe(serverNodeId('s1'));
    expect(nodes[1]?.children?.[0]?.children?.[0]?.id).toBe(
      folderNodeId('s1', 'docs://lumen/docs'),
    );
  });

  it('joins the authority row with a lone folder below it, but never the server row or a lone resource', () => {
    expect(outline(tree([resource('a://x/one/two/file', { name: 'file' })]))).toEqual([
      'Docs',
      '  a://x/one/two',
      '    file',
    ]);
    expect(outline(tree([resource('a://x/file', { name: 'file' })]))).toEqual([
      'Docs',
      '  a://x',
      '    file',
    ]);
  });

  it('shows a resource whose URI is also the folder of others both as a folder and as a leaf', () => {
    const nodes = tree([
      resource('a://x/dir', { name: 'dir' }),
      resource('a://x/dir/file', { name: 'file' }),
      resource('a://x/dir/other', { name: 'other' }),
    ]);
    expect(outline(nodes)).toEqual([
      'Docs',
      '  a://x',
      '    dir',
      '      file',
      '      other',
      '    dir',
    ]);
    expect(allNodes(nodes).filter((node) => node.kind === 'resource')).toHaveLength(3);
  });

  it('puts templates in a last "Templates" branch, only for servers that have templates', () => {
    const nodes = tree([resource('a://x/f', { name: 'f' })], 'name', [
      template('a://x/{id}', 'By id'),
    ]);
    expect(outline(nodes)).toEqual(['Docs', '  a://x', '    f', '  Templates', '    By id']);
    expect(nodes[0]?.children?.at(-1)?.kind).toBe('templates');
    expect(nodes[0]?.children?.at(-1)?.children?.[0]?.id).toBe(templateNodeId('s1', 'a://x/{id}'));
    expect(
      tree([resource('a://x/f')])[0]?.children?.some((node) => node.kind === 'templates'),
    ).toBe(false);
  });

  it('counts the resources under every node', () => {
    const nodes = tree(
      [resource('a://x/d/1'), resource('a://x/d/2'), resource('a://x/e/3'), resource('b:one')],
      'name',
      [template('a://{x}')],
    );
    const server = nodes[0];
    expect(server?.resourceCount).toBe(4);
    const counts = Object.fromEntries(
      allNodes(nodes).map((node) => [node.label, node.resourceCount]),
    );
    expect(counts).toMatchObject({ 'a://x': 3, d: 2, e: 1, 'b:': 1, Templates: 0, 'a://{x}': 0 });
  });

  it('gives distinct ids to URIs that differ only by characters an id might use as a separator', () => {
    const nodes = tree([
      resource('a://x/p:q'),
      resource('a://x/p/q'),
      resource('a://x/p\u0000q'),
      resource('a://x/p%2Fq'),
    ]);
    const ids = allNodes(nodes).map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(resourceNodeId('s1', 'a://x/p\u0000q'));
  });
});

describe('buildCatalogTree with odd URIs', () => {
  const leafOf = (uri: string, name = '') => outline(tree([resource(uri, { name })]));

  it('groups URIs without a path under their scheme, or their namespace for urn:', () => {
    expect(leafOf('urn:x:y', 'y')).toEqual(['Docs', '  urn:x', '    y']);
    expect(leafOf('urn:isbn:0451450523', 'book')).toEqual(['Docs', '  urn:isbn', '    book']);
    expect(leafOf('mailto:a@b', 'mail')).toEqual(['Docs', '  mailto:', '    mail']);
  });

  it('keeps a query string on the leaf even when it contains slashes', () => {
    const nodes = tree([
      resource('a://h/p?x=1&y=2', { name: '' }),
      resource('a://h/dir/q?next=/a/b', { name: '' }),
    ]);
    expect(outline(nodes)).toEqual([
      'Docs',
      '  a://h',
      '    dir',
      '      q?next=/a/b',
      '    p?x=1&y=2',
    ]);
  });

  it('keeps a fragment on the leaf', () => {
    expect(leafOf('a://h/book/page#section/2')).toEqual([
      'Docs',
      '  a://h/book',
      '    page#section/2',
    ]);
  });

  it('shows percent-encoded segments decoded, and as written when the encoding is broken', () => {
    const nodes = tree(
      [resource('a://h/my%20docs/r%C3%A9sum%C3%A9.md'), resource('a://h/bad%E0%A4%A/x.md')].map(
        (entry) => ({ ...entry, name: '' }),
      ),
    );
    expect(outline(nodes)).toEqual([
      'Docs',
      '  a://h',
      '    bad%E0%A4%A',
      '      x.md',
      '    my docs',
      '      résumé.md',
    ]);
  });

  it('names a leaf with a trailing slash after its segment, never with an empty label', () => {
    const nodes = tree([
      resource('a://h/dir/', { name: '' }),
      resource('a://h/dir/file', { name: '' }),
      resource('a://h/', { name: '' }),
    ]);
    expect(outline(nodes)).toEqual([
      'Docs',
      '  a://h',
      '    dir',
      '      file',
      '    /',
      '    dir/',
    ]);
    expect(allNodes(nodes).every((node) => node.label !== '')).toBe(true);
  });

  it('skips the empty segments of double slashes', () => {
    expect(leafOf('a://h//x//y.md')).toEqual(['Docs', '  a://h/x', '    y.md']);
  });

  it('never splits data: URIs on the slashes inside their data', () => {
    const nodes = tree([resource('data:text/plain;base64,SGVsbG8/d29y/bGQ=', { name: 'hello' })]);
    expect(outline(nodes)).toEqual(['Docs', '  data:', '    hello']);
  });

  it('shows file:/// URIs under a file:// root with an empty authority', () => {
    const nodes = tree([
      resource('file:///etc/hosts', { name: '' }),
      resource('file:///home/me/notes.md', { name: '' }),
    ]);
    expect(outline(nodes)).toEqual([
      'Docs',
      '  file://',
      '    etc',
      '      hosts',
      '    home/me',
      '      notes.md',
    ]);
  });

  it('copes with a 2,000-character URI', () => {
    const uri = `a://h/${'segment/'.repeat(240)}${'x'.repeat(74)}`;
    expect(uri.length).toBeGreaterThanOrEqual(2000);
    const nodes = tree([resource(uri, { name: 'long' })]);
    const folder = nodes[0]?.children?.[0];
    expect(folder?.label).toBe(`a://h/${Array(240).fill('segment').join('/')}`);
    expect(folder?.children?.[0]?.label).toBe('long');
  });

  it('does not throw on strings that are not URLs, and still places them', () => {
    for (const uri of ['', 'not a uri', '://x', '%%%', 'http://[::1', 'relative/path/file.md']) {
      const nodes = tree([resource(uri, { name: '' })]);
      expect(nodes[0]?.resourceCount).toBe(1);
      expect(allNodes(nodes).every((node) => node.label !== '')).toBe(true);
    }
  });
});

describe('buildCatalogTree sorting', () => {
  const at = (name: string, annotations?: ResourceEntry['annotations']) =>
    resource(`a://x/${name}`, { name, ...(annotations && { annotations }) });
  const leaves = (nodes: CatalogNode[]) =>
    outline(nodes)
      .slice(2)
      .map((line) => line.trim());

  it('orders by name case-insensitively and with numbers in numeric order', () => {
    expect(leaves(tree([at('item-10'), at('Item-2'), at('item-1'), at('apple')]))).toEqual([
      'apple',
      'item-1',
      'Item-2',
      'item-10',
    ]);
  });

  it('orders by priority, highest first, missing last, ties by name', () => {
    const input = [
      at('c', { priority: 0.5 }),
      at('none'),
      at('a', { priority: 1 }),
      at('b', { priority: 0.5 }),
    ];
    expect(leaves(tree(input, 'priority'))).toEqual(['a', 'b', 'c', 'none']);
  });

  it('orders by last modified, newest first, missing or unparsable last', () => {
    const input = [
      at('old', { lastModified: '2024-01-01T00:00:00Z' }),
      at('bad', { lastModified: 'yesterday' }),
      at('new', { lastModified: '2026-01-01T00:00:00Z' }),
    ];
    expect(leaves(tree(input, 'lastModified'))).toEqual(['new', 'old', 'bad']);
  });

  it('puts folders before leaves, and ranks folders by the best resource they hold', () => {
    const input = [
      resource('a://x/zeta', { name: 'zeta' }),
      resource('a://x/old/f', { name: 'f', annotations: { priority: 0.1 } }),
      resource('a://x/top/g', { name: 'g', annotations: { priority: 0.9 } }),
    ];
    expect(leaves(tree(input, 'priority'))).toEqual(['top', 'g', 'old', 'f', 'zeta']);
  });

  it('gives the same tree whatever order the resources arrive in, but for where each came in the list', () => {
    const input = Array.from({ length: 60 }, (_, i) =>
      resource(`a://x/${i % 3}/f${i}`, { name: `same`, annotations: { priority: i % 2 } }),
    );
    // A leaf's ordinal is its position in the server's list, which the search index shares.
    const withoutOrdinals = (nodes: CatalogNode[]): unknown =>
      JSON.parse(
        JSON.stringify(nodes, (key, value: unknown) => (key === 'ordinal' ? undefined : value)),
      );
    for (const sort of ['name', 'priority', 'lastModified'] as const) {
      const reversed = tree([...input].reverse(), sort);
      expect(withoutOrdinals(reversed)).toEqual(withoutOrdinals(tree(input, sort)));
      expect(allNodes(reversed).find((node) => node.resource?.uri === 'a://x/0/f0')?.ordinal).toBe(
        59,
      );
    }
  });
});

describe('buildCatalogTree at scale', () => {
  const areas = [
    'billing',
    'search',
    'auth',
    'storage',
    'notifications',
    'analytics',
    'payments',
    'reports',
  ];
  const kinds = ['guides', 'reference', 'runbooks', 'decisions', 'incidents'];
  /** The URI shape of test/fixtures/synthetic-server.ts. */
  const synthetic = (i: number): ResourceEntry => {
    const area = areas[i % areas.length] ?? '';
    const kind = kinds[Math.floor(i / areas.length) % kinds.length] ?? '';
    const group = String(Math.floor(i / 40) % 50).padStart(2, '0');
    return resource(`synth://corp/${area}/${kind}/group-${group}/item-${i}.md`, {
      name: `item-${i}.md`,
      annotations: { priority: (i % 11) / 10 },
    });
  };

  it('builds 100,000 resources on deep paths', () => {
    const resources = Array.from({ length: 100_000 }, (_, i) => synthetic(i));
    tree(resources.slice(0, 2000)); // warm up, so the time printed is the steady one
    for (const sort of ['name', 'priority'] as const) {
      const started = performance.now();
      const nodes = tree(resources, sort);
      console.log(
        `buildCatalogTree, 100,000 resources, sort ${sort}: ${(performance.now() - started).toFixed(1)} ms`,
      );
      expect(nodes[0]?.resourceCount).toBe(100_000);
      expect(nodes[0]?.children?.[0]?.children).toHaveLength(areas.length);
    }
  });
});

describe('createCatalogTreeBuilder (streamed pages)', () => {
  /** A small deterministic pseudo-random sequence, so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  /**
   * Folders that grow, collapse and stop collapsing, odd URIs and annotations; each URI once, as
   * the walk leaves a catalog.
   */
  function catalog(seed: number, count: number): ResourceEntry[] {
    const next = random(seed);
    const roots = ['docs://a', 'docs://b', 'file://', 'urn:x'];
    return Array.from({ length: count }, (_, i) => {
      const depth = Math.floor(next() * 4);
      const path = Array.from({ length: depth }, () => `d${Math.floor(next() * 3)}`).join('/');
      const root = roots[Math.floor(next() * roots.length)] ?? 'docs://a';
      const separator = root.startsWith('urn:') ? ':' : '/';
      return resource(`${root}${separator}${path ? `${path}/` : ''}item-${i}`, {
        title: next() < 0.5 ? `Item ${i}` : undefined,
        annotations: {
          priority: Math.floor(next() * 5) / 4,
          lastModified: new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 300))).toISOString(),
        },
      });
    });
  }

  for (const sort of ['name', 'priority', 'lastModified'] as const) {
    it(`builds, page by page, exactly the tree a fresh build gives (sort ${sort})`, () => {
      for (const seed of [1, 2, 3]) {
        const all = catalog(seed, 600);
        const builder = createCatalogTreeBuilder();
        const next = random(seed + 100);
        let shown: ResourceEntry[] = [];
        while (shown.length < all.length) {
          shown = shown.concat(all.slice(shown.length, shown.length + 1 + Math.floor(next() * 60)));
          const input = {
            servers: [{ id: 's1', name: 'Docs' }],
            resources: { s1: shown },
            templates: {},
            sort,
          };
          expect(builder.build(input)).toEqual(buildCatalogTree(input));
        }
      }
    });
  }

  it('hands back the very nodes of folders that did not change, and new ones where pages landed', () => {
    const builder = createCatalogTreeBuilder();
    const first = [resource('docs://a/x/1'), resource('docs://a/y/1')];
    const input = (list: ResourceEntry[]) => ({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: list },
      templates: {},
      sort: 'name' as const,
    });
    const before = builder.build(input(first));
    // A tree is read before the next build (see CatalogTreeBuilder.build): its folders make
    // their children when first read.
    const folder = (nodes: CatalogNode[], id: string) =>
      allNodes(nodes).find((node) => node.id === id);
    const beforeX = folder(before, folderNodeId('s1', 'docs://a/x'));
    const beforeY = folder(before, folderNodeId('s1', 'docs://a/y'));
    const grown = [...first, resource('docs://a/y/2')];
    const after = builder.build(input(grown));
    expect(folder(after, folderNodeId('s1', 'docs://a/x'))).toBe(beforeX);
    expect(folder(after, folderNodeId('s1', 'docs://a/y'))).not.toBe(beforeY);
    expect(beforeY?.children).toHaveLength(1);
    // Nothing new: the same server node, so nothing downstream has to look again.
    expect(builder.build(input(grown))[0]).toBe(after[0]);
  });

  it('shows templates listed after the resources, into the same list, as a catalog appends them', () => {
    const builder = createCatalogTreeBuilder();
    const templates: TemplateEntry[] = [];
    const input = {
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: [resource('docs://a/1')] },
      templates: { s1: templates },
      sort: 'name' as const,
    };
    expect(outline(builder.build(input))).toEqual(['Docs', '  docs://a', '    docs://a/1']);
    templates.push({ serverId: 's1', uriTemplate: 'docs://a/{id}', name: 'By id' });
    expect(outline(builder.build(input))).toEqual([
      'Docs',
      '  docs://a',
      '    docs://a/1',
      '  Templates',
      '    By id',
    ]);
  });

  it('starts a server afresh when its list is replaced rather than grown, or the sort changes', () => {
    const builder = createCatalogTreeBuilder();
    const input = (list: ResourceEntry[], sort: CatalogSort) => ({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: list },
      templates: {},
      sort,
    });
    builder.build(input([resource('docs://a/1'), resource('docs://a/2')], 'name'));
    const replaced = [resource('docs://b/9')];
    expect(outline(builder.build(input(replaced, 'name')))).toEqual(
      outline(buildCatalogTree(input(replaced, 'name'))),
    );
    const resorted = [
      resource('docs://b/1', { annotations: { priority: 0.1 } }),
      resource('docs://b/2', { annotations: { priority: 0.9 } }),
    ];
    builder.build(input(resorted, 'name'));
    expect(outline(builder.build(input(resorted, 'priority')))).toEqual([
      'Docs',
      '  docs://b',
      '    docs://b/2',
      '    docs://b/1',
    ]);
  });
});

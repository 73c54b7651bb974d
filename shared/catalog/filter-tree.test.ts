import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../mcp-types';
import { buildCatalogTree, resourceNodeId, serverNodeId, templateNodeId } from './build-tree';
import { filterCatalogTree, RANKED_MATCHES_UP_TO } from './filter-tree';
import { createSearchIndex, matchesByNodeId } from './search-index';
import type { CatalogNode, NodeMatch, SearchMatches } from './tree-types';

/** Every resource node of `nodes`, by ordinal. */
function leavesByOrdinal(
  nodes: readonly CatalogNode[],
  into = new Map<number, CatalogNode>(),
): Map<number, CatalogNode> {
  for (const node of nodes) {
    if (node.kind === 'resource' && node.ordinal !== undefined) into.set(node.ordinal, node);
    if (node.children) leavesByOrdinal(node.children, into);
  }
  return into;
}

const resource = (uri: string, name: string): ResourceEntry => ({ serverId: 's1', uri, name });
const tree = buildCatalogTree({
  servers: [
    { id: 's1', name: 'Docs' },
    { id: 's2', name: 'Empty' },
  ],
  resources: {
    s1: [
      resource('a://x/guides/intro', 'intro'),
      resource('a://x/guides/setup', 'setup'),
      resource('a://x/ref/api', 'api'),
      resource('a://x/top', 'top'),
    ],
  },
  templates: { s1: [{ serverId: 's1', uriTemplate: 'a://x/{id}', name: 'by id' }] },
  sort: 'name',
});
const match = (score: number): NodeMatch => ({ score, ranges: [] });
const outline = (nodes: readonly CatalogNode[], depth = 0): string[] =>
  nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.label} (${node.resourceCount})`,
    ...outline(node.children ?? [], depth + 1),
  ]);

describe('filterCatalogTree', () => {
  it('keeps matches and the rows above them, with counts of matches, and drops empty branches', () => {
    const matches = matchesByNodeId(
      new Map([[resourceNodeId('s1', 'a://x/guides/setup'), match(10)]]),
    );
    expect(outline(filterCatalogTree(tree, matches))).toEqual([
      'Docs (1)',
      '  a://x (1)',
      '    guides (1)',
      '      setup (1)',
    ]);
  });

  it('orders siblings by their best match, keeping tree order between equals', () => {
    const matches = matchesByNodeId(
      new Map([
        [resourceNodeId('s1', 'a://x/guides/intro'), match(5)],
        [resourceNodeId('s1', 'a://x/guides/setup'), match(5)],
        [resourceNodeId('s1', 'a://x/top'), match(50)],
        [templateNodeId('s1', 'a://x/{id}'), match(80)],
      ]),
    );
    expect(outline(filterCatalogTree(tree, matches))).toEqual([
      'Docs (3)',
      '  Templates (0)',
      '    by id (0)',
      '  a://x (3)',
      '    top (1)',
      '    guides (2)',
      '      intro (1)',
      '      setup (1)',
    ]);
  });

  it('leaves the tree it was given unchanged', () => {
    const before = JSON.stringify(tree);
    filterCatalogTree(
      tree,
      matchesByNodeId(new Map([[resourceNodeId('s1', 'a://x/top'), match(1)]])),
    );
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('shows nothing when nothing matches', () => {
    expect(filterCatalogTree(tree, matchesByNodeId(new Map()))).toEqual([]);
  });
});

describe('a ranked search', () => {
  it('puts every match that contains the query before any fuzzy one, even in a field that weighs less', () => {
    const resources = [
      resource('a://x/1', 'gradle-uide.md'),
      { ...resource('a://x/2', 'other.md'), description: 'the setup guide' },
      resource('a://x/3', 'guide'),
    ];
    const small = buildCatalogTree({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: resources },
      templates: {},
      sort: 'name',
    });
    const index = createSearchIndex();
    index.add('s1', resources, []);
    const matches = index.search('guide');
    expect(matches.tiers).toEqual({ exact: 1, contains: 1, fuzzy: 1 });
    expect(
      outline(filterCatalogTree(small, matches)).filter(
        (line) => line.includes('.md') || line.endsWith('guide (1)'),
      ),
    ).toEqual(['    guide (1)', '    other.md (1)', '    gradle-uide.md (1)']);
  });
});

describe('filterCatalogTree at scale', () => {
  it('filters a 100,000-resource tree to a search', () => {
    const kinds = ['guides', 'reference', 'runbooks', 'decisions', 'incidents'];
    const resources = Array.from({ length: 100_000 }, (_, i) =>
      resource(
        `synth://corp/area-${i % 8}/${kinds[Math.floor(i / 8) % 5]}/group-${Math.floor(i / 40) % 50}/item-${i}.md`,
        `item-${i}.md`,
      ),
    );
    const big = buildCatalogTree({
      servers: [{ id: 's1', name: 'Synthetic' }],
      resources: { s1: resources },
      templates: {},
      sort: 'name',
    });
    const index = createSearchIndex();
    index.add('s1', resources, []);
    for (const query of ['item', 'runbooks 7']) {
      const matches = index.search(query);
      const started = performance.now();
      const filtered = filterCatalogTree(big, matches);
      console.log(
        `filterCatalogTree, 100,000 resources, ${matches.size} matches: ${(performance.now() - started).toFixed(1)} ms`,
      );
      expect(filtered[0]?.resourceCount).toBe(matches.size);
      expect(filtered[0]?.id).toBe(serverNodeId('s1'));
    }
  });

  it('above 1,000 matches keeps catalog order, and hands back untouched every branch that wholly matches', () => {
    const resources = Array.from({ length: 3000 }, (_, i) =>
      resource(
        `a://x/${i % 3 === 0 ? 'zeta' : 'alpha'}/f${i}`,
        i % 3 === 0 ? `zz${i}` : `item${i}`,
      ),
    );
    const big = buildCatalogTree({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: resources },
      templates: {},
      sort: 'name',
    });
    const index = createSearchIndex();
    index.add('s1', resources, []);
    // "f" matches all 3,000 (every URI); "item" only the 2,000 under alpha.
    expect(filterCatalogTree(big, index.search('f'))).toBe(big);
    const items = filterCatalogTree(big, index.search('item'));
    expect(outline(items).slice(0, 4)).toEqual([
      'Docs (2000)',
      '  a://x (2000)',
      '    alpha (2000)',
      '      item1 (1)',
    ]);
    const alpha = (nodes: readonly CatalogNode[]) => nodes[0]?.children?.[0]?.children?.[0];
    expect(alpha(items)).toBe(alpha(big));
    expect(items[0]).not.toBe(big[0]);
  });

  it('above 1,000 matches, the exact and containing matches come before the fuzzy ones, and are counted', () => {
    // The flat folder of the issue: "file7.md" fuzzily matches file17.md, file70.md, …
    const resources = Array.from({ length: 10_000 }, (_, i) =>
      resource(`file:///docs/file${i}.md`, `file${i}.md`),
    );
    resources.push(resource('file:///docs/old/myfile7.md.bak', 'myfile7.md.bak'));
    const big = buildCatalogTree({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: resources },
      templates: {},
      sort: 'name',
    });
    const index = createSearchIndex();
    index.add('s1', resources, []);
    const matches = index.search('file7.md');
    expect(matches.size).toBeGreaterThan(RANKED_MATCHES_UP_TO);
    expect(matches.tiers).toEqual({ exact: 1, contains: 1, fuzzy: matches.size - 2 });
    const shown = outline(filterCatalogTree(big, matches));
    // The folder holding the exact match first, its exact match first; the folder with the one that
    // contains it next.
    expect(shown.slice(0, 5)).toEqual([
      `Docs (${matches.size})`,
      `  file:///docs (${matches.size})`,
      '    file7.md (1)',
      '    old (1)',
      '      myfile7.md.bak (1)',
    ]);
    // Then the fuzzy ones, in catalog (name) order.
    expect(shown[5]).toBe('    file17.md (1)');
  });

  it("reads a search's flags by ordinal and keeps exactly the rows a node-by-node test keeps", () => {
    const resources = Array.from({ length: 5000 }, (_, i) =>
      resource(
        `a://x/${['red', 'green', 'blue'][i % 3]}/${i % 4 === 0 ? 'deep/er/' : ''}f${i}`,
        `item${i}`,
      ),
    );
    const templates = [{ serverId: 's1', uriTemplate: 'a://x/{item}', name: 'item by name' }];
    const big = buildCatalogTree({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: resources },
      templates: { s1: templates },
      sort: 'name',
    });
    const index = createSearchIndex();
    index.add('s1', resources, templates);
    const leaves = leavesByOrdinal(big);
    for (const query of ['item', 'f', 'red', 'gr', 'deep', 'item1', 'b', 'deep r']) {
      const matches = index.search(query);
      expect(matches.resourceFlags?.('s1')).toBeDefined();
      // Broad enough for the unranked filter, the one that reads the flags.
      expect(matches.size, query).toBeGreaterThan(RANKED_MATCHES_UP_TO);
      // The same matches without flags: the filter falls back to asking node by node.
      const nodeByNode: SearchMatches = {
        size: matches.size,
        get: (node) => matches.get(node),
        has: (node) => matches.has(node),
        ids: () => matches.ids(),
        tierOf: (node) => matches.tierOf?.(node),
      };
      expect(outline(filterCatalogTree(big, matches)), query).toEqual(
        outline(filterCatalogTree(big, nodeByNode)),
      );
      expect(filterCatalogTree(big, matches)[0]?.resourceCount ?? 0, query).toBe(
        resources.filter((_, i) => matches.has(leaves.get(i) as CatalogNode)).length,
      );
    }
  });
});

describe('an answer shown while pages still come', () => {
  it('keeps out what was listed after the search, which it never tried', () => {
    const searched = Array.from({ length: 3000 }, (_, i) => resource(`a://x/docs/d${i}`, `d${i}`));
    const index = createSearchIndex();
    index.add('s1', searched, []);
    // Broad enough to be answered by flags, not a few named matches.
    const matches = index.search('docs');
    const listedSince = [...searched, resource('a://x/docs/late', 'late')];
    const grown = buildCatalogTree({
      servers: [{ id: 's1', name: 'Docs' }],
      resources: { s1: listedSince },
      templates: {},
      sort: 'name',
    });
    const shown = [...leavesByOrdinal(filterCatalogTree(grown, matches)).values()];
    expect(shown).toHaveLength(3000);
    expect(shown.some((node) => node.resource?.uri === 'a://x/docs/late')).toBe(false);
  });
});

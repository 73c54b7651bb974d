import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../mcp-types';
import { CatalogView, LOOKAHEAD_ROWS, type ViewSource } from './catalog-view';
import { FOLDER_WINDOW, MAX_FOLDER_ROWS } from './folder-windows';
import { moreNodeId, type RowMarks } from './view-rows';
import type { ViewNode } from './view-wire';
import { folderNodeId, resourceNodeId, serverNodeId, templatesNodeId } from './node-ids';
import { resourceKeyString } from './resource-key';
import { createSearchIndex } from './search-index';
import { SharedTrees } from './shared-trees';

function resource(uri: string, name = uri.split('/').pop() ?? uri): ResourceEntry {
  return { serverId: 's1', uri, name };
}

/** A view over one server's resources, with a search index fed from the same list. */
/** The session's marks as the host keeps them, for a view to show: a pick set and a version. */
function marksOf(picked = new Set<string>()) {
  let version = 0;
  return {
    picked,
    set(keys: readonly string[], on: boolean) {
      for (const key of keys) {
        if (on) picked.add(key);
        else picked.delete(key);
      }
      version += 1;
    },
    marks: (): RowMarks => ({
      version,
      picked,
      mark: (key) => (picked.has(key) ? 'include' : undefined),
      decision: () => undefined,
    }),
  };
}

function viewOf(
  resources: ResourceEntry[],
  templates: ViewSource['templates'][string] = [],
  marks = marksOf(),
) {
  const index = createSearchIndex();
  index.add('s1', resources, templates);
  const view = new CatalogView((query) => index.search(query), undefined, marks.marks);
  view.setSource({
    servers: [{ id: 's1', name: 'one' }],
    resources: { s1: resources },
    templates: { s1: templates },
    listing: false,
  });
  return view;
}

function find(nodes: readonly ViewNode[], id: string): ViewNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = node.children && find(node.children, id);
    if (below) return below;
  }
  return undefined;
}

function count(nodes: readonly ViewNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + count(node.children ?? []), 0);
}

const docs = [resource('x://h/docs/a.md'), resource('x://h/docs/b.md'), resource('x://h/src/c.ts')];
const key = (entry: ResourceEntry) => resourceKeyString(entry);

describe('CatalogView windows on a large open folder', () => {
  const flat = Array.from({ length: 12_000 }, (_, i) => resource(`x://flat/${i}`));
  const folder = folderNodeId('s1', 'x://flat');
  const rowsOf = (view: CatalogView) => find(view.frame('v').tree, folder)?.children ?? [];
  const labels = (rows: ViewNode[]) => rows.map((row) => row.label);
  const openFlat = () => {
    const view = viewOf(flat);
    view.update({ open: [serverNodeId('s1'), folder] });
    return view;
  };

  it('shows more rows on request, and names the first one it brought in', () => {
    const view = openFlat();
    expect(labels(rowsOf(view)).slice(-2)).toEqual(['999', 'Show 1,000 more (11,000 not shown)']);
    const change = view.update({ page: { folderId: folder, direction: 'next' } });
    expect(change.paged).toEqual({ first: resourceNodeId('s1', 'x://flat/1000') });
    const rows = rowsOf(view);
    expect(rows).toHaveLength(2 * FOLDER_WINDOW + 1);
    expect(labels(rows).slice(-2)).toEqual(['1999', 'Show 1,000 more (10,000 not shown)']);
    expect(rows.at(-1)?.page).toEqual({ folderId: folder, direction: 'next', hidden: 10_000 });
  });

  it('never sends more than the most rows a folder shows: the far end goes, with a row to bring it back', () => {
    const view = openFlat();
    for (let step = 0; step < 7; step += 1)
      view.update({ page: { folderId: folder, direction: 'next' } });
    const rows = rowsOf(view);
    expect(rows).toHaveLength(MAX_FOLDER_ROWS + 2);
    expect(labels(rows).slice(0, 2)).toEqual(['Show 1,000 above (3,000 not shown)', '3000']);
    expect(labels(rows).at(-2)).toBe('7999');
    const change = view.update({ page: { folderId: folder, direction: 'previous' } });
    expect(change.paged).toEqual({ first: resourceNodeId('s1', 'x://flat/2999') });
    expect(labels(rowsOf(view)).slice(0, 2)).toEqual([
      'Show 1,000 above (2,000 not shown)',
      '2000',
    ]);
  });

  it('reveals a row far down by showing the rows around it', () => {
    const view = openFlat();
    view.update({ close: [folder] });
    const change = view.update({ reveal: resourceNodeId('s1', 'x://flat/9000') });
    expect(change.revealed?.path).toEqual([serverNodeId('s1'), folder]);
    const rows = rowsOf(view);
    expect(rows).toHaveLength(FOLDER_WINDOW + 2);
    expect(labels(rows).slice(0, 2)).toEqual(['Show 1,000 above (8,500 not shown)', '8500']);
    expect(rows.some((row) => row.id === resourceNodeId('s1', 'x://flat/9000'))).toBe(true);
  });

  it('reveals a row while searching in the searched rows, where the window applies', () => {
    // 12,000 rows, the 6,000 odd ones first by name; the query keeps the 6,000 even ones (more
    // than are ranked, so the folder keeps its window), where the target is 4,500th, not 10,500th.
    const even = Array.from({ length: 12_000 }, (_, i) =>
      resource(`x://flat/${i}`, i % 2 === 0 ? `b even ${i}` : `a odd ${i}`),
    );
    const view = viewOf(even);
    view.update({ open: [serverNodeId('s1'), folder], query: 'even' });
    const target = resourceNodeId('s1', 'x://flat/9000');
    view.update({ reveal: target });
    expect(rowsOf(view).some((row) => row.id === target)).toBe(true);
  });

  it('shows the selected row again after another sort drops the windows', () => {
    const view = openFlat();
    const target = resourceNodeId('s1', 'x://flat/4321');
    view.update({ reveal: target });
    view.update({ sort: 'priority' });
    expect(rowsOf(view).some((row) => row.id === target)).toBe(true);
  });

  it("keeps a server's Templates branch last and shown when its own rows are windowed", () => {
    const hosts = Array.from({ length: 1500 }, (_, i) => resource(`x://host-${i}/doc`));
    const view = viewOf(hosts, [
      { serverId: 's1', uriTemplate: 'x://{host}/doc', name: 'By host' },
    ]);
    view.update({ open: [serverNodeId('s1')] });
    const rows = find(view.frame('v').tree, serverNodeId('s1'))?.children ?? [];
    expect(rows.map((row) => row.kind).slice(-2)).toEqual(['more', 'templates']);
    expect(rows.at(-2)?.label).toBe('Show 500 more (500 not shown)');
  });

  it('starts from the top again for another search or sort, and keeps a frame small whatever the folder', () => {
    const view = openFlat();
    view.update({ page: { folderId: folder, direction: 'next' } });
    view.update({ sort: 'priority' });
    expect(rowsOf(view)).toHaveLength(FOLDER_WINDOW + 1);
    expect(rowsOf(view).at(-1)?.id).toBe(moreNodeId(folder, 'next'));
    expect(JSON.stringify(view.frame('v')).length).toBeLessThan(300_000);
  });
});

describe('CatalogView frames', () => {
  it('sends a small catalog whole, so a folder opens without a round trip', () => {
    const frame = viewOf(docs).frame('v');
    const folder = find(frame.tree, folderNodeId('s1', 'x://h/docs'));
    expect(folder?.children?.map((row) => row.label)).toEqual(['a.md', 'b.md']);
    expect(folder?.more).toBeUndefined();
    expect(frame.resourceTotal).toBe(3);
  });

  it('cuts a large catalog to the open folders and a bounded lookahead', () => {
    const many = Array.from({ length: 3000 }, (_, i) => resource(`x://h/big/${i}`));
    const view = viewOf([...many, ...docs]);
    const closed = view.frame('v');
    expect(count(closed.tree)).toBeLessThan(LOOKAHEAD_ROWS + 20);
    const big = find(closed.tree, folderNodeId('s1', 'x://h/big'));
    expect(big?.more).toBe(true);
    expect(big?.children).toEqual([]);
    expect(big?.resourceCount).toBe(3000);

    view.update({ open: [serverNodeId('s1'), folderNodeId('s1', 'x://h/big')] });
    const open = find(view.frame('v').tree, folderNodeId('s1', 'x://h/big'));
    expect(open?.more).toBeUndefined();
    // An open folder larger than a window shows its first rows and a row for the rest.
    expect(open?.children).toHaveLength(FOLDER_WINDOW + 1);
    expect(open?.children?.at(-1)).toMatchObject({
      kind: 'more',
      label: 'Show 1,000 more (2,000 not shown)',
    });
  });

  it('answers a search with the matches, their ancestors and their highlight ranges', () => {
    const view = viewOf(docs);
    view.update({ query: 'b.md' });
    const frame = view.frame('v');
    expect(frame.query).toBe('b.md');
    expect(frame.matchCount).toBe(1);
    expect(frame.shownResources).toBe(1);
    const match = find(frame.tree, resourceNodeId('s1', 'x://h/docs/b.md'));
    expect(match?.match?.ranges.length).toBeGreaterThan(0);
    expect(find(frame.tree, resourceNodeId('s1', 'x://h/src/c.ts'))).toBeUndefined();
  });

  it('counts picks per folder of the shown tree, and marks the picked row', () => {
    const marks = marksOf();
    const view = viewOf(docs, [], marks);
    expect(find(view.frame('v').tree, serverNodeId('s1'))?.picked).toBe(0);
    marks.set([key(docs[0] as ResourceEntry)], true);
    const frame = view.frame('v');
    expect(find(frame.tree, folderNodeId('s1', 'x://h/docs'))?.picked).toBe(1);
    expect(find(frame.tree, serverNodeId('s1'))?.picked).toBe(1);
    expect(find(frame.tree, resourceNodeId('s1', (docs[0] as ResourceEntry).uri))?.mark).toBe(
      'include',
    );
    expect(find(frame.tree, templatesNodeId('s1'))).toBeUndefined();
  });

  it('toggles a folder by the tri-state rule, over what a search shows of it', () => {
    const marks = marksOf();
    const view = viewOf(docs, [], marks);
    const toggle = (id: string) => {
      const toggled = view.toggleKeys(id);
      marks.set(toggled.keys, toggled.on);
      return toggled;
    };
    const folder = folderNodeId('s1', 'x://h/docs');
    view.update({ query: 'a.md' });
    expect(toggle(folder)).toEqual({ on: true, keys: [key(docs[0] as ResourceEntry)] });
    view.update({ query: '' });
    // The whole folder is now mixed: checking it picks the rest, checking again unpicks all.
    expect(toggle(folder).on).toBe(true);
    expect(find(view.frame('v').tree, folder)?.picked).toBe(2);
    const off = toggle(folder);
    expect(off.on).toBe(false);
    expect(off.keys).toHaveLength(2);
    expect([...marks.picked]).toEqual([]);
  });

  it('reveals a resource: opens the rows above it and selects it', () => {
    const many = Array.from({ length: 3000 }, (_, i) => resource(`x://h/big/${i}`));
    const view = viewOf(many);
    const id = resourceNodeId('s1', 'x://h/big/2999');
    const revealed = view.update({ reveal: id }).revealed;
    expect(revealed?.node.id).toBe(id);
    // The host and its only folder are one row (a collapsed chain), named by its top.
    expect(revealed?.path).toEqual([serverNodeId('s1'), folderNodeId('s1', 'x://h')]);
    const frame = view.frame('v');
    expect(frame.selectedId).toBe(id);
    expect(frame.selected?.resource?.uri).toBe('x://h/big/2999');
    expect(find(frame.tree, id)).toBeDefined();
    expect(view.update({ reveal: resourceNodeId('s1', 'x://nowhere') }).revealed).toBeNull();
  });

  it('gives the selected folder its counts, and null once the selection leaves the catalogs', () => {
    const view = viewOf(docs);
    view.update({ selectedId: folderNodeId('s1', 'x://h') });
    expect(view.frame('v').selected?.below).toEqual({ folders: 2, templates: 0 });
    view.setSource({
      servers: [{ id: 's1', name: 'one' }],
      resources: { s1: [] },
      templates: { s1: [] },
      listing: false,
    });
    expect(view.frame('v').selected).toBeNull();
  });

  it('numbers frames, so a window can drop an older one', () => {
    const view = viewOf(docs);
    const first = view.frame('v').frame;
    expect(view.frame('v').frame).toBe(first + 1);
  });
});

describe('a search with thousands of matches and a few exact ones', () => {
  const resources = [
    ...Array.from({ length: 10_000 }, (_, i) => resource(`file:///docs/a/file${i}.md`)),
    resource('file:///docs/z/file7.md.bak'),
  ];
  it('names the folders down to the best match, for the window to open, and opens nothing itself', () => {
    const view = viewOf(resources);
    view.update({ query: 'file7.md' });
    const frame = view.frame('v');
    expect(frame.matchTiers).toEqual({ exact: 1, contains: 1, fuzzy: frame.matchCount - 2 });
    expect(frame.matchCount).toBeGreaterThan(1000);
    // The server, the folders above, and the one holding file7.md (not z/, which holds the one
    // containing it).
    expect(frame.bestPath?.[0]).toBe(serverNodeId('s1'));
    expect(frame.bestPath?.at(-1)).toBe(folderNodeId('s1', 'file:///docs/a'));
    // Closed until the window opens them (the user may close them again).
    expect(find(frame.tree, folderNodeId('s1', 'file:///docs/a'))?.children).toEqual([]);
    view.update({ open: frame.bestPath });
    expect(
      find(view.frame('v').tree, folderNodeId('s1', 'file:///docs/a'))?.children?.[0]?.label,
    ).toBe('file7.md');
  });

  it('names none when every match is of one tier, or when every folder is open anyway', () => {
    const view = viewOf(resources);
    view.update({ query: 'file' });
    expect(view.frame('v').bestPath).toBeUndefined();
    view.update({ query: 'file7.md.bak' });
    expect(view.frame('v').matchCount).toBeLessThanOrEqual(1000);
    expect(view.frame('v').bestPath).toBeUndefined();
  });
});

describe('CatalogView windows sharing one tree', () => {
  const source: ViewSource = {
    servers: [{ id: 's1', name: 'one' }],
    resources: {
      s1: [
        { serverId: 's1', uri: 'x://h/docs/a.md', name: 'a.md', annotations: { priority: 0.1 } },
        { serverId: 's1', uri: 'x://h/docs/b.md', name: 'b.md', annotations: { priority: 0.9 } },
        resource('x://h/src/c.ts'),
      ],
    },
    templates: { s1: [] },
    listing: false,
  };
  const twoWindows = () => {
    const index = createSearchIndex();
    index.add('s1', source.resources.s1 ?? [], []);
    const trees = new SharedTrees();
    const open = () => {
      const view = new CatalogView((query) => index.search(query), undefined, undefined, trees);
      view.setSource(source);
      return view;
    };
    return { first: open(), second: open() };
  };
  const docsFolder = folderNodeId('s1', 'x://h/docs');
  const labelsIn = (view: CatalogView) =>
    (find(view.frame('v').tree, docsFolder)?.children ?? []).map((row) => row.label);

  it('keeps each window its own sort, search and open folders', () => {
    const { first, second } = twoWindows();
    first.update({ open: [serverNodeId('s1'), docsFolder], sort: 'priority' });
    second.update({ open: [serverNodeId('s1'), docsFolder] });
    expect(labelsIn(first)).toEqual(['b.md', 'a.md']);
    expect(labelsIn(second)).toEqual(['a.md', 'b.md']);
    second.update({ query: 'c.ts' });
    expect(second.frame('v').shownResources).toBe(1);
    expect(first.frame('v').shownResources).toBe(3);
  });

  it('gives two windows of the same sort the same rows', () => {
    const { first, second } = twoWindows();
    for (const view of [first, second]) view.update({ open: [serverNodeId('s1'), docsFolder] });
    expect(labelsIn(second)).toEqual(labelsIn(first));
  });
});

describe('CatalogView while a search goes on', () => {
  it('says which query it is searching, and shows the last answer without claiming it', () => {
    const index = createSearchIndex();
    index.add('s1', docs, []);
    // The host's search: 'src' is still going on, anything else is answered.
    let pending = 'src';
    const view = new CatalogView((query) => (query === pending ? undefined : index.search(query)));
    view.setSource({
      servers: [{ id: 's1', name: 'one' }],
      resources: { s1: docs },
      templates: { s1: [] },
      listing: false,
    });
    view.update({ query: 'docs' });
    const answered = view.frame('v');
    expect(answered.searching).toBeUndefined();
    expect(answered.matchCount).toBe(2);
    view.update({ query: 'src' });
    const busy = view.frame('v');
    expect(view.searching).toBe(true);
    expect(busy.searching).toBe('src');
    // Still the tree and the count of 'docs', saying so.
    expect(busy.query).toBe('docs');
    expect(busy.tree).toEqual(answered.tree);
    pending = '';
    // Idle time makes rows meanwhile: the answer waits for the frame that shows it.
    view.prepare();
    expect(view.searching).toBe(true);
    const done = view.frame('v');
    expect(view.searching).toBe(false);
    expect(done.searching).toBeUndefined();
    expect(done.query).toBe('src');
    expect(done.matchCount).toBe(1);
  });
});

describe('CatalogView prepared in idle time', () => {
  it('makes its rows in steps, going on where it stopped, and then searches as before', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      resource(`x://h/d${i % 30}/e${i % 7}/${i}`),
    );
    const view = viewOf(many);
    let steps = 1;
    while (!view.prepare(() => true)) steps += 1;
    expect(steps).toBeGreaterThan(1);
    // Done for this tree: the next call has nothing left.
    expect(view.prepare(() => true)).toBe(true);
    const fresh = viewOf(many);
    for (const shown of [view, fresh]) shown.update({ query: 'd7/e3/' });
    expect(view.frame('v').tree).toEqual(fresh.frame('v').tree);
    expect(view.frame('v').matchCount).toBeGreaterThan(0);
  });
});

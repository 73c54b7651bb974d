import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../host-api';
import { CatalogView, LOOKAHEAD_ROWS, type ViewNode, type ViewSource } from './catalog-view';
import { folderNodeId, resourceNodeId, serverNodeId, templatesNodeId } from './node-ids';
import { resourceKeyString } from './resource-key';
import { createSearchIndex } from './search-index';

function resource(uri: string, name = uri.split('/').pop() ?? uri): ResourceEntry {
  return { serverId: 's1', uri, name };
}

/** A view over one server's resources, with a search index fed from the same list. */
function viewOf(resources: ResourceEntry[], templates: ViewSource['templates'][string] = []) {
  const index = createSearchIndex();
  index.add('s1', resources, templates);
  const view = new CatalogView((query) => index.search(query));
  view.setSource({ servers: [{ id: 's1', name: 'one' }], resources: { s1: resources }, templates: { s1: templates }, listing: false });
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
    expect(open?.children).toHaveLength(3000);
    expect(open?.more).toBeUndefined();
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

  it('counts picks per folder of the shown tree', () => {
    const view = viewOf(docs);
    view.update({ pick: [key(docs[0] as ResourceEntry)] });
    const frame = view.frame('v');
    expect(find(frame.tree, folderNodeId('s1', 'x://h/docs'))?.picked).toBe(1);
    expect(find(frame.tree, serverNodeId('s1'))?.picked).toBe(1);
    expect(find(frame.tree, templatesNodeId('s1'))).toBeUndefined();
  });

  it('toggles a folder by the tri-state rule, over what a search shows of it', () => {
    const view = viewOf(docs);
    const folder = folderNodeId('s1', 'x://h/docs');
    view.update({ query: 'a.md' });
    const filtered = view.update({ toggleUnder: folder }).toggled;
    expect(filtered).toEqual({ on: true, keys: [key(docs[0] as ResourceEntry)] });
    view.update({ query: '' });
    // The whole folder is now mixed: checking it picks the rest, checking again unpicks all.
    expect(view.update({ toggleUnder: folder }).toggled?.on).toBe(true);
    expect(find(view.frame('v').tree, folder)?.picked).toBe(2);
    const off = view.update({ toggleUnder: folder }).toggled;
    expect(off?.on).toBe(false);
    expect(off?.keys).toHaveLength(2);
    expect(view.picked()).toEqual([]);
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
    view.setSource({ servers: [{ id: 's1', name: 'one' }], resources: { s1: [] }, templates: { s1: [] }, listing: false });
    expect(view.frame('v').selected).toBeNull();
  });

  it('numbers frames, so a window can drop an older one', () => {
    const view = viewOf(docs);
    const first = view.frame('v').frame;
    expect(view.frame('v').frame).toBe(first + 1);
  });
});

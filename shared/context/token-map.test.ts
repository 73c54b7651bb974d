import { describe, expect, it } from 'vitest';
import { cutTokenMap, MAX_BLOCKS, MAX_FOLDERS, MAX_LABEL } from './token-map';

const key = (serverId: string, uri: string) => ({ serverId, uri });

describe('cutTokenMap', () => {
  it('splits each server by folder and each folder by resource, the largest first, and adds up', () => {
    const order = [
      key('s1', 'kb://docs/a.md'),
      key('s1', 'kb://docs/b.md'),
      key('s1', 'kb://notes/c.md'),
      key('s2', 'db://t'),
      key('s1', 'plain'),
    ];
    const tokens = [10, 30, 50, 5, 7];
    const map = cutTokenMap(
      order,
      (at) => tokens[at] ?? 0,
      (id) => (id === 's1' ? 'Docs' : undefined),
    );
    expect(map.map((server) => [server.name, server.tokens])).toEqual([
      ['Docs', 97],
      ['s2', 5],
    ]);
    expect(map[0]?.folders.map((folder) => [folder.folder, folder.tokens])).toEqual([
      ['kb://notes/', 50],
      ['kb://docs/', 40],
      ['plain', 7],
    ]);
    expect(map[0]?.folders[1]?.blocks).toEqual([
      { label: 'b.md', uri: 'kb://docs/b.md', tokens: 30 },
      { label: 'a.md', uri: 'kb://docs/a.md', tokens: 10 },
    ]);
    // A URI with no folder is its own label.
    expect(map[0]?.folders[2]?.blocks[0]?.label).toBe('plain');
  });

  it('draws at most 40 blocks a bar and 20 folders a server, the rest summed, whatever the context holds', () => {
    const order = Array.from({ length: 5000 }, (_, n) => key('s1', `kb://f${n % 100}/r${n}`));
    const map = cutTokenMap(
      order,
      (at) => 1 + (at % 7),
      () => 'Docs',
    );
    const server = map[0];
    expect(server?.folders).toHaveLength(MAX_FOLDERS);
    expect(server?.rest?.count).toBe(80);
    const shown = server?.folders.reduce((sum, folder) => sum + folder.tokens, 0) ?? 0;
    expect(shown + (server?.rest?.tokens ?? 0)).toBe(server?.tokens);
    for (const folder of server?.folders ?? []) {
      expect(folder.blocks).toHaveLength(MAX_BLOCKS);
      expect(folder.rest?.count).toBe(10);
      expect(
        folder.blocks.reduce((sum, block) => sum + block.tokens, 0) + (folder.rest?.tokens ?? 0),
      ).toBe(folder.tokens);
    }
    // 800 blocks of 5,000: a frame's few tens of kilobytes.
    expect(JSON.stringify(map).length).toBeLessThan(60_000);
  });

  it('cuts what a hostile server names its resources: long URIs, folders and names stay a bounded frame', () => {
    const long = 'x'.repeat(65_000);
    const order = Array.from({ length: 3000 }, (_, n) =>
      key('s1', `kb://${long}${n % 60}/${long}${n}`),
    );
    const map = cutTokenMap(
      order,
      () => 5,
      () => `server ${long}`,
    );
    expect(JSON.stringify(map).length).toBeLessThan(700_000);
    expect(map[0]?.name.length).toBeLessThanOrEqual(MAX_LABEL);
    for (const folder of map[0]?.folders ?? []) {
      expect(folder.folder.length).toBeLessThanOrEqual(MAX_LABEL);
      // Too long to send: the block says how many tokens, but cannot be clicked to its resource.
      for (const block of folder.blocks) expect(block.uri).toBeUndefined();
    }
  });
});

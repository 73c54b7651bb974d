import { describe, expect, it } from 'vitest';
import { blockLabel, cutTokenMap, MAX_BLOCKS } from './token-map';

const key = (serverId: string, uri: string) => ({ serverId, uri });

describe('cutTokenMap', () => {
  it('splits each server by folder and each folder by resource, the largest first, and adds up', () => {
    const order = [key('s1', 'kb://docs/a.md'), key('s1', 'kb://docs/b.md'), key('s1', 'kb://notes/c.md'), key('s2', 'db://t'), key('s1', 'plain')];
    const tokens = [10, 30, 50, 5, 7];
    const map = cutTokenMap(order, (at) => tokens[at] ?? 0, (id) => (id === 's1' ? 'Docs' : undefined));
    expect(map.map((server) => [server.name, server.tokens])).toEqual([['Docs', 97], ['s2', 5]]);
    expect(map[0]?.folders.map((folder) => [folder.folder, folder.tokens])).toEqual([['kb://notes/', 50], ['kb://docs/', 40], ['plain', 7]]);
    expect(map[0]?.folders[1]?.blocks.map((block) => [blockLabel('kb://docs/', block.uri), block.tokens])).toEqual([['b.md', 30], ['a.md', 10]]);
    // A URI with no folder is its own label.
    expect(blockLabel('plain', 'plain')).toBe('plain');
  });

  it('draws at most 40 blocks a bar and 40 folders a server, the rest summed, whatever the context holds', () => {
    const order = Array.from({ length: 5000 }, (_, n) => key('s1', `kb://f${n % 100}/r${n}`));
    const map = cutTokenMap(order, (at) => 1 + (at % 7), () => 'Docs');
    const server = map[0];
    expect(server?.folders).toHaveLength(MAX_BLOCKS);
    expect(server?.rest?.count).toBe(60);
    const shown = server?.folders.reduce((sum, folder) => sum + folder.tokens, 0) ?? 0;
    expect(shown + (server?.rest?.tokens ?? 0)).toBe(server?.tokens);
    for (const folder of server?.folders ?? []) {
      expect(folder.blocks).toHaveLength(MAX_BLOCKS);
      expect(folder.rest?.count).toBe(10);
      expect(folder.blocks.reduce((sum, block) => sum + block.tokens, 0) + (folder.rest?.tokens ?? 0)).toBe(folder.tokens);
    }
    // 1,600 blocks of 5,000: a frame's few tens of kilobytes.
    expect(JSON.stringify(map).length).toBeLessThan(100_000);
  });
});

import { describe, expect, it } from 'vitest';
import type { ServerSnapshot } from '../../../shared/mcp-types';
import { reduceServers, serversFromSnapshot, STDERR_LINES_KEPT } from './servers-reducer';

function server(id: string, status: ServerSnapshot['status'] = 'connecting'): ServerSnapshot {
  return {
    id,
    name: `name-${id}`,
    transport: { kind: 'stdio', command: 'x', args: [] },
    status,
    stderrTail: [],
  };
}

describe('reduceServers', () => {
  it('replaces a known server by id and keeps its place', () => {
    const before = serversFromSnapshot([server('a'), server('b')]);
    const next = reduceServers(before, {
      seq: 1,
      type: 'server',
      server: server('a', 'connected'),
    });
    expect(next.serverOrder).toEqual(['a', 'b']);
    expect(next.servers.a?.status).toBe('connected');
  });

  it('appends a new server', () => {
    const next = reduceServers(serversFromSnapshot([server('a')]), {
      seq: 1,
      type: 'server',
      server: server('c'),
    });
    expect(next.serverOrder).toEqual(['a', 'c']);
  });

  it('removes a server', () => {
    const next = reduceServers(serversFromSnapshot([server('a'), server('b')]), {
      seq: 1,
      type: 'server-removed',
      serverId: 'a',
    });
    expect(next.serverOrder).toEqual(['b']);
    expect(next.servers.a).toBeUndefined();
  });

  it('appends stderr lines and keeps only the tail', () => {
    const before = serversFromSnapshot([server('a')]);
    const lines = Array.from({ length: STDERR_LINES_KEPT + 5 }, (_, i) => `line ${i}`);
    const next = reduceServers(before, { seq: 1, type: 'stderr', serverId: 'a', lines });
    expect(next.servers.a?.stderrTail).toHaveLength(STDERR_LINES_KEPT);
    expect(next.servers.a?.stderrTail.at(-1)).toBe(`line ${STDERR_LINES_KEPT + 4}`);
  });

  it('leaves state untouched for events about unknown servers', () => {
    const before = serversFromSnapshot([server('a')]);
    expect(reduceServers(before, { seq: 1, type: 'stderr', serverId: 'zz', lines: ['x'] })).toBe(
      before,
    );
    expect(reduceServers(before, { seq: 1, type: 'server-removed', serverId: 'zz' })).toBe(before);
  });
});

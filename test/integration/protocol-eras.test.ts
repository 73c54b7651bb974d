// Our host against a legacy-era (1.x SDK) and a 2026-07-28-era (v2 SDK) server, over
// stdio and in memory.
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { serveModernFixture } from '../fixtures/modern-fixture';
import { fixture, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('a legacy-era server over stdio', () => {
  it('negotiates initialize and walks all four pages', async () => {
    ({ host } = startHost([fixture('legacy-server.ts')]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({
      status: 'connected',
      era: 'legacy',
      protocolVersion: '2025-11-25',
    });
    expect(catalogs[0]).toMatchObject({ status: 'complete', pages: 5 });
    expect(catalogs[0]?.resources.map((r) => r.uri)).toContain('legacy://empty');
    expect(catalogs[0]?.resources).toHaveLength(10);
    expect(catalogs[0]?.templates.map((t) => t.uriTemplate)).toEqual([
      'legacy://items/{id}',
      'legacy://logs/{date}',
    ]);
  });

  it('reads every content item, text and blob, and reports the legacy not-found code', async () => {
    ({ host } = startHost([fixture('legacy-server.ts')]));
    const id = (await settled(host)).servers[0]?.id as string;
    const dir = await host.readResource(id, 'legacy://dir/src');
    expect(dir.contents.map((c) => c.uri)).toEqual([
      'legacy://dir/src/index.ts',
      'legacy://dir/src/util.ts',
    ]);
    const image = await host.readResource(id, 'legacy://images/pixel.png');
    expect(image.contents[0]).toMatchObject({ mimeType: 'image/png' });
    expect(image.contents[0]?.blob).toMatch(/^iVBOR/);
    await expect(host.readResource(id, 'legacy://nope')).rejects.toMatchObject({
      code: 'unknown-resource',
      message: 'unknown resource: legacy://nope (-32002)',
    });
  });

  it('reports empty contents as a spec violation, never as an empty document', async () => {
    ({ host } = startHost([fixture('legacy-server.ts')]));
    const id = (await settled(host)).servers[0]?.id as string;
    await expect(host.readResource(id, 'legacy://empty')).rejects.toMatchObject({
      code: 'spec-violation',
      message: expect.stringContaining('empty contents array for legacy://empty'),
    });
  });
});

describe('a 2026-07-28 server', () => {
  it('over stdio: negotiates server/discover and follows the empty-string cursor', async () => {
    ({ host } = startHost([fixture('modern-server.ts')]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({
      status: 'connected',
      era: 'modern',
      protocolVersion: '2026-07-28',
    });
    expect(catalogs[0]?.resources.map((r) => r.uri)).toEqual([
      'modern://docs/overview',
      'modern://docs/api',
      'modern://data/metrics.json',
      'modern://images/icon.png',
      'modern://dir/assets',
    ]);
    await expect(
      host.readResource(servers[0]?.id as string, 'modern://nope'),
    ).rejects.toMatchObject({ code: 'unknown-resource', rpcCode: -32602 });
  });

  it('in memory: the same host code over a linked transport pair', async () => {
    ({ host } = startHost(
      [{ name: 'in-memory', transport: { kind: 'stdio', command: 'unused', args: [] } }],
      {
        transportFor: () => {
          const [client, server] = InMemoryTransport.createLinkedPair();
          serveModernFixture(server);
          return client;
        },
      },
    ));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({ status: 'connected', era: 'modern' });
    expect(catalogs[0]?.resources).toHaveLength(5);
    const read = await host.readResource(servers[0]?.id as string, 'modern://dir/assets');
    expect(read.contents.map((c) => (c.text === undefined ? 'blob' : 'text'))).toEqual([
      'text',
      'blob',
    ]);
  });
});

describe('stdio launch settings', () => {
  it('passes env and cwd to the server process', async () => {
    const config = {
      name: 'legacy with env',
      transport: {
        kind: 'stdio' as const,
        command: process.execPath,
        args: ['--import', 'tsx', 'fixtures/legacy-server.ts'],
        cwd: 'test',
        env: { LEGACY_PAGE_SIZE: '5' },
      },
    };
    ({ host } = startHost([config]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]?.status).toBe('connected');
    // Ten resources at five a page, plus the one templates page.
    expect(catalogs[0]).toMatchObject({ pages: 3 });
    expect(servers[0]?.transport).toMatchObject({ env: { LEGACY_PAGE_SIZE: '••••' } });
  });
});

describe('template completion', () => {
  it('passes earlier values as context, and keeps what the server sent', async () => {
    ({ host } = startHost([fixture('modern-server.ts')]));
    const id = (await settled(host)).servers[0]?.id as string;
    const users = await host.completeArgument(
      id,
      'modern://users/{userId}/notes/{noteId}',
      { name: 'userId', value: '' },
      {},
    );
    expect(users.values).toEqual(['alice', 'bob', 'carol']);
    const bobsNotes = await host.completeArgument(
      id,
      'modern://users/{userId}/notes/{noteId}',
      { name: 'noteId', value: '' },
      { userId: 'bob' },
    );
    const allNotes = await host.completeArgument(
      id,
      'modern://users/{userId}/notes/{noteId}',
      { name: 'noteId', value: '' },
      {},
    );
    expect(bobsNotes.values.length).toBeGreaterThan(0);
    expect(bobsNotes.values.length).toBeLessThan(allNotes.values.length);
    const days = await host.completeArgument(
      id,
      'modern://logs/{day}',
      { name: 'day', value: '2026' },
      {},
    );
    expect(days.values).toHaveLength(100);
    expect(days).toMatchObject({ hasMore: true });
  });

  it('asks nothing of a server that does not declare completions', async () => {
    ({ host } = startHost([fixture('legacy-server.ts')]));
    const id = (await settled(host)).servers[0]?.id as string;
    await expect(
      host.completeArgument(id, 'legacy://items/{id}', { name: 'id', value: '1' }, {}),
    ).resolves.toEqual({ values: [] });
  });
});

/**
 * A capture replayed by a host of its own, as a window opens one: the same catalog, trace and
 * context, read-only, both protocol eras; and two captures of the live demo a few seconds apart
 * diffed. Real servers in memory: the demo (v2 SDK, 2026-07-28) and the legacy fixture (1.x).
 */
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDemoServer } from '../../electron/demo-server/server';
import { DRAFTS_PREFIX, STATUS_URI } from '../../electron/demo-server/live';
import { createHost, type Host } from '../../electron/host/host';
import { parseCapture, type Capture } from '../../shared/capture/capture-format';
import { diffCaptures } from '../../shared/capture/capture-diff';
import { createLegacyFixtureServer } from '../fixtures/legacy-fixture';
import { nextEvent, settled, startHost } from './harness';

let hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  hosts = [];
});

function inMemory(name: string, serve: (transport: InMemoryTransport) => void): Host {
  const { host } = startHost(
    [{ name, transport: { kind: 'stdio', command: 'unused', args: [] } }],
    {
      transportFor: () => {
        const [client, server] = InMemoryTransport.createLinkedPair();
        serve(server);
        return client;
      },
    },
  );
  hosts.push(host);
  return host;
}

async function capture(host: Host): Promise<Capture> {
  await settled(host);
  const taken = await host.takeCapture();
  const parsed = parseCapture(taken.json);
  if ('problem' in parsed) throw new Error(parsed.problem.message);
  return parsed.capture;
}

function replay(captured: Capture): Host {
  const host = createHost({ replay: captured });
  hosts.push(host);
  return host;
}

describe('a capture replayed', () => {
  it.each([
    [
      '2026-07-28 (the demo)',
      () =>
        inMemory(
          'demo',
          (server) =>
            void serveStdio(() => createDemoServer({ tickMs: 60_000 }), { transport: server }),
        ),
      'modern',
    ],
    [
      '2025-11-25 (the legacy fixture, a blob among its contents)',
      () => inMemory('legacy', (server) => void createLegacyFixtureServer().connect(server)),
      'legacy',
    ],
  ])(
    '%s: the same era, catalog, trace and context, and nothing can be added',
    async (_name, start, era) => {
      const live = start();
      await settled(live);
      await live.openView('window', {});
      await live.updateContext('window', { settings: { budget: 3000 } });
      const captured = await capture(live);
      expect(captured.servers[0]?.era).toBe(era);
      expect(captured.contents.length).toBeGreaterThan(3);

      const replayed = replay(captured);
      const snapshot = await settled(replayed);
      expect(snapshot.replay).toEqual({
        capturedAt: captured.capturedAt,
        tool: 'mcp-context-inspector 0.1.0',
      });
      expect(snapshot.servers[0]).toMatchObject({
        status: 'connected',
        era,
        protocolVersion: captured.servers[0]?.protocolVersion,
        capabilities: captured.servers[0]?.capabilities,
      });
      expect(snapshot.catalogs[0]?.resources.map((resource) => resource.uri)).toEqual(
        captured.servers[0]?.catalog.resources.map((resource) => resource.uri),
      );
      expect(snapshot.catalogs[0]?.templates).toHaveLength(
        captured.servers[0]?.catalog.templates.length ?? -1,
      );
      // The trace shown is the capture's, not the replay's own traffic.
      expect(replayed.trace.all().map((record) => record.json)).toEqual(
        captured.trace.map((record) => record.json),
      );
      expect((await replayed.context.settled())?.text).toBe(captured.context.text);
      expect(captured.context.text.length).toBeGreaterThan(200);

      // Taken again from the replay, the capture is the same: catalogs, contents (hashed alike),
      // decisions, text.
      const again = await capture(replayed);
      expect(diffCaptures(captured, again)).toMatchObject({ same: true });
      // Every read it held, the curation's and the rest, and nothing it did not hold.
      expect(again.contents.map((entry) => [entry.uri, entry.sha256])).toEqual(
        captured.contents.map((entry) => [entry.uri, entry.sha256]),
      );
      expect(again.notRead).toBe(captured.notRead);
      expect(again.timeline).toEqual(
        captured.timeline.map((entry, at) => ({ ...entry, seq: again.timeline[at]?.seq })),
      );
      // Read-only: nothing is added, spawned or checked.
      await expect(
        replayed.addServer({ name: 'x', transport: { kind: 'stdio', command: 'node', args: [] } }),
      ).rejects.toMatchObject({
        code: 'not-supported',
        message: expect.stringContaining('read-only'),
      });
      await expect(replayed.checkServer(snapshot.servers[0]?.id as string)).rejects.toMatchObject({
        code: 'not-supported',
      });
      // A resource the capture read opens; its contents are the captured ones.
      const first = captured.contents.find((entry) => entry.contents);
      const read = await replayed.readResource(
        snapshot.servers[0]?.id as string,
        first?.uri as string,
      );
      expect(read.contents.map((item) => item.text ?? item.blob)).toEqual(
        first?.contents?.map((item) => item.text ?? item.blob),
      );
    },
  );

  it('never starts what a capture names: a command that cannot run is replayed all the same', async () => {
    const live = inMemory('legacy', (server) => void createLegacyFixtureServer().connect(server));
    const captured = await capture(live);
    const edited: Capture = {
      ...captured,
      servers: captured.servers.map((server) => ({
        ...server,
        transport: { kind: 'stdio', command: '/nonexistent/never-run-me', args: ['--wipe'] },
      })),
    };
    const snapshot = await settled(replay(edited));
    expect(snapshot.servers[0]?.status).toBe('connected');
    expect(snapshot.servers[0]).not.toHaveProperty('pid');
    expect(snapshot.catalogs[0]?.resources).toHaveLength(10);
  });

  it('a server that was down when captured is down in the replay, with its reason, and the text is the same', async () => {
    const { host: live } = startHost([
      {
        name: 'gone',
        transport: {
          kind: 'stdio',
          command: process.execPath,
          args: ['-e', 'process.stderr.write("no config\\n"); process.exit(3)'],
        },
      },
      {
        name: 'legacy',
        transport: {
          kind: 'stdio',
          command: process.execPath,
          args: ['--import', 'tsx', 'test/fixtures/legacy-server.ts'],
        },
      },
    ]);
    hosts.push(live);
    const captured = await capture(live);
    expect(captured.servers.find((server) => server.name === 'gone')).toMatchObject({
      status: 'disconnected',
      disconnected: expect.stringContaining('exited with code 3'),
    });
    const snapshot = await settled(replay(captured));
    const gone = snapshot.servers.find((server) => server.name === 'gone');
    expect(gone?.status).toBe('disconnected');
    expect(gone?.disconnect?.reason).toContain('exited with code 3');
    expect((await hosts.at(-1)?.context.settled())?.text).toBe(captured.context.text);
  });

  it('a listing that failed when captured fails again, after the pages that came, in the same words', async () => {
    const live = inMemory('legacy', (server) => void createLegacyFixtureServer().connect(server));
    const captured = await capture(live);
    const server = captured.servers[0]!;
    const failed: Capture = {
      ...captured,
      servers: [
        {
          ...server,
          catalog: {
            ...server.catalog,
            status: 'failed',
            error: 'resources/list failed with error -32603: the disk holding it is gone',
            resources: server.catalog.resources.slice(0, 3),
          },
        },
      ],
    };
    const snapshot = await settled(replay(failed));
    expect(snapshot.catalogs[0]).toMatchObject({
      status: 'failed',
      error: 'resources/list failed with error -32603: the disk holding it is gone',
    });
    expect(snapshot.catalogs[0]?.resources.map((resource) => resource.uri)).toEqual(
      server.catalog.resources.slice(0, 3).map((resource) => resource.uri),
    );
  });

  it('opens a capture from a window: its own host, served beside the live one', async () => {
    const live = inMemory('legacy', (server) => void createLegacyFixtureServer().connect(server));
    const captured = await live.takeCapture();
    const { captureId, servers } = await live.openCapture(captured.json);
    expect(servers).toBe(1);
    const opened = live.captureHost(captureId);
    expect((await opened?.getSnapshot())?.replay?.capturedAt).toBe(
      JSON.parse(captured.json).capturedAt,
    );
    await expect(live.openCapture('{"kind":"mcp-context-profile"}')).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'the capture cannot be opened: it is not an MCP Context Inspector capture',
    });
    await expect(opened?.openCapture(captured.json)).rejects.toMatchObject({
      code: 'not-supported',
    });
  });
});

describe('two captures of the live demo, seconds apart', () => {
  it('the diff shows the updated status page, its content hash and decision, and the text that moved', async () => {
    // The demo ticks on setInterval, which nothing else here uses for a server in memory: the test
    // moves its clock on, six ticks between the captures, and each capture sees one tick whole.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let first: Capture, second: Capture;
    try {
      const live = inMemory(
        'demo',
        (server) => void serveStdio(() => createDemoServer({ tickMs: 400 }), { transport: server }),
      );
      await settled(live);
      first = await capture(live);
      // Drafts come every third tick: the sixth brings the second, and the catalog lists it.
      const listed = nextEvent(
        live,
        (event) =>
          event.type === 'catalog-relisted' &&
          event.diff.resources.added.includes(`${DRAFTS_PREFIX}draft-002.md`),
      );
      await vi.advanceTimersByTimeAsync(6 * 400);
      await listed;
      second = await capture(live);
    } finally {
      vi.useRealTimers();
    }
    const diff = diffCaptures(first, second);
    expect(diff.same).toBe(false);
    const status = diff.resources.find((entry) => entry.uri === STATUS_URI);
    expect(status?.change).toBe('changed');
    expect(status?.fields.map((field) => field.field)).toContain('content');
    expect(diff.context.same).toBe(false);
    expect(diff.context.patch).toMatch(/^-Updated .*\(tick \d+\)\.$/m);
    expect(diff.context.patch).toMatch(/^\+Updated .*\(tick \d+\)\.$/m);
    // Drafts come and go every few ticks: what they moved in or out is there, with both reasons.
    expect(
      diff.resources.some(
        (entry) => entry.uri.startsWith('notes://lumen/drafts/') && entry.change !== 'changed',
      ),
    ).toBe(true);
    const turned = diff.decisions.filter((decision) => decision.turned);
    expect(turned.length).toBeGreaterThan(0);
    for (const decision of turned) {
      expect(
        decision.before?.kind !== decision.after?.kind ||
          decision.before?.included !== decision.after?.included,
      ).toBe(true);
      if (decision.before && decision.after)
        expect(
          [decision.before.reason, decision.after.reason].every((reason) => reason.length > 0),
        ).toBe(true);
    }
  });
});

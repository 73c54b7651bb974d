// A server that goes away is noticed, said in words, and reconnected by itself, with backoff
// and a bound; what the user had (the catalog shown, what was watched, the context) stays.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../shared/host-api';
import type { ServerSnapshot } from '../../shared/mcp-types';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { Host } from '../../electron/host/host';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';
import { fixture, nextEvent, settled, startHost, WAIT_MS } from './harness';

let host: Host | undefined;
let http: HttpFixture | undefined;
afterEach(async () => {
  await host?.close();
  await http?.close();
  host = undefined;
  http = undefined;
});

const FAST = { reconnect: { delaysMs: [100, 200, 400, 800, 1600] }, heartbeatMs: 150 };
const server = async () => (await host!.getSnapshot()).servers[0] as ServerSnapshot;
const serverIs = (status: ServerSnapshot['status']) => (event: HostEvent) =>
  event.type === 'server' && event.server.status === status;
const relistedAfterReconnect = (event: HostEvent) =>
  event.type === 'catalog-relisted' && event.change.cause === 'reconnect';

describe('reconnect by itself', () => {
  it('stdio: a killed server comes back, listed again, watched again, with the context whole meanwhile', async () => {
    // The server comes back only once the test has seen it down: it starts when this file exists.
    const gate = join(await mkdtemp(join(tmpdir(), 'reconnect-')), 'up');
    await writeFile(gate, '');
    ({ host } = startHost([fixture('legacy-server.ts', '--tick-ms', '100', '--start-when', gate)], {
      ...FAST,
      requestTimeoutMs: WAIT_MS,
    }));
    const { servers } = await settled(host);
    const id = servers[0]?.id as string;
    host.context.session.setSettings({ ...host.context.session.settings, auto: false });
    host.context.session.setMarks(
      [resourceKeyString({ serverId: id, uri: 'legacy://docs/readme' })],
      'include',
    );
    const before = await host.context.settled();
    expect(before?.text).toContain('legacy://docs/readme');
    await host.watchResources(id, ['legacy://logs/today']);
    await host.openView('w', {});
    await host.updateContext('w', { showIncluded: true });

    const down = nextEvent(host, serverIs('disconnected'));
    const stale = nextEvent(
      host,
      (event) => event.type === 'context' && event.frame.includedStale === 1,
    );
    await rm(gate);
    process.kill(servers[0]?.pid as number, 'SIGKILL');
    const lost = await down;
    expect(lost.type === 'server' && lost.server.disconnect?.reason).toBe(
      'the server was killed by SIGKILL',
    );
    // While down: the catalog stays shown and the context keeps the pick, marked stale.
    expect((await host.getSnapshot()).catalogs[0]?.resources.length).toBe(10);
    expect((await server()).retry).toMatchObject({ attempt: 1, of: 5 });
    expect((await host.context.settled())?.text).toBe(before?.text);
    await stale;

    const coming = nextEvent(host, relistedAfterReconnect);
    await writeFile(gate, '');
    const back = await coming;
    expect(back.type === 'catalog-relisted' && back.change).toMatchObject({
      added: 0,
      removed: 0,
      changed: 0,
    });
    const now = await server();
    expect(now.status).toBe('connected');
    expect(now.pid).not.toBe(servers[0]?.pid);
    expect(now.retry).toBeUndefined();
    // Subscribed again: updates of the watched resource arrive from the new process.
    await nextEvent(
      host,
      (event) => event.type === 'resource-updated' && event.uri === 'legacy://logs/today',
    );
    const after = await host.context.settled();
    expect(after?.text).toBe(before?.text);
  });

  it('stdio: a server that dies at once every time is tried a bounded number of times, then left to the user', async () => {
    ({ host } = startHost([fixture('hostile-server.ts', '--mode', 'crash-on-read')], {
      reconnect: { delaysMs: [50, 50, 50] },
    }));
    const id = (await settled(host)).servers[0]?.id as string;
    await expect(host.readResource(id, 'hostile://plain/one')).rejects.toThrow();
    // Each attempt connects, then our read would crash it again; nothing reads, so it stays up.
    await nextEvent(host, relistedAfterReconnect);
    expect((await server()).status).toBe('connected');
    for (let i = 0; i < 3; i += 1) {
      await expect(host.readResource(id, 'hostile://plain/one')).rejects.toThrow();
      if (i < 2) await nextEvent(host, serverIs('connected'));
    }
    await expect
      .poll(async () => (await server()).retry)
      .toMatchObject({ gaveUp: true, attempt: 3, of: 3 });
    expect((await server()).status).toBe('disconnected');
  });

  it.each(['streamable-legacy', 'modern'] as const)(
    'HTTP (%s): a server that stops is noticed by the heartbeat, and a restarted one is connected again',
    async (era) => {
      http = await startHttpFixture({ era });
      const port = Number(new URL(http.url).port);
      ({ host } = startHost([{ name: 'http', transport: { kind: 'http', url: http.url } }], FAST));
      await settled(host);
      const down = nextEvent(host, serverIs('disconnected'));
      await http.close();
      const lost = await down;
      // Refused when the heartbeat finds the port closed; reset, or closed by the server, when the
      // stop cuts a request (or the legacy era's event stream) it had open: which comes first is
      // the machine's timing.
      expect(lost.type === 'server' && lost.server.disconnect?.reason).toMatch(
        /^the server stopped answering \(connection (refused|reset|closed by the server)\)$/,
      );
      http = await startHttpFixture({ era, port });
      await nextEvent(host, relistedAfterReconnect);
      expect((await server()).status).toBe('connected');
    },
  );

  it('stdio, 2026-07-28: a killed server comes back and its listen stream is opened again', async () => {
    ({ host } = startHost([fixture('modern-server.ts')], FAST));
    const { servers } = await settled(host);
    expect(servers[0]?.era).toBe('modern');
    process.kill(servers[0]?.pid as number, 'SIGKILL');
    await nextEvent(host, relistedAfterReconnect);
    expect((await server()).era).toBe('modern');
  });

  it('HTTP: a server restarted between two requests: the expired session is said in words and replaced', async () => {
    http = await startHttpFixture({ era: 'streamable-legacy' });
    const port = Number(new URL(http.url).port);
    ({ host } = startHost([{ name: 'http', transport: { kind: 'http', url: http.url } }], {
      ...FAST,
      heartbeatMs: 60_000,
    }));
    const id = (await settled(host)).servers[0]?.id as string;
    // Nothing in flight (the context has read what it reads at load): the restart goes unseen.
    await host.context.settled();
    await http.close();
    http = await startHttpFixture({ era: 'streamable-legacy', port });
    const down = nextEvent(host, serverIs('disconnected'));
    await expect(host.readResource(id, 'legacy://docs/readme')).rejects.toThrow();
    const lost = await down;
    expect(lost.type === 'server' && lost.server.disconnect?.reason).toBe(
      'HTTP session expired (404 on POST)',
    );
    await nextEvent(host, relistedAfterReconnect);
    const read = await host.readResource(id, 'legacy://docs/readme');
    expect(read.contents[0]?.text).toContain('#');
  });
});

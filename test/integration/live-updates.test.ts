// What the user watches refreshes by itself, in both eras; list changes re-list the catalog.
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../shared/host-api';
import { createDemoServer } from '../../electron/demo-server/server';
import { STATUS_URI } from '../../electron/demo-server/live';
import type { Host } from '../../electron/host/host';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import { LOAD_RESOURCES } from '../fixtures/update-load';
import { fixture, freePort, nextEvent, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const updateOf = (uri: string) => (event: HostEvent) =>
  event.type === 'resource-updated' && event.uri === uri;

function demoInMemory(tickMs: number) {
  return startHost([{ name: 'demo', transport: { kind: 'stdio', command: 'unused', args: [] } }], {
    transportFor: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      serveStdio(() => createDemoServer({ tickMs }), { transport: server });
      return client;
    },
  });
}

describe('live updates', () => {
  it('2026-07-28: a watched resource is subscribed through subscriptions/listen and its updates arrive', async () => {
    ({ host } = demoInMemory(150));
    const { servers } = await settled(host);
    expect(servers[0]?.era).toBe('modern');
    await host.watchResources(servers[0]?.id as string, [STATUS_URI]);
    await nextEvent(host, updateOf(STATUS_URI));
  });

  it('2026-07-28: the listen filter follows what is watched, as the trace shows', async () => {
    ({ host } = demoInMemory(150));
    const id = (await settled(host)).servers[0]?.id as string;
    const listens = () =>
      host!.trace
        .all()
        .filter((record) => record.direction === 'send' && record.method === 'subscriptions/listen')
        .map(
          (record) =>
            (
              JSON.parse(record.json) as {
                params: { notifications?: { resourceSubscriptions?: string[] } };
              }
            ).params.notifications?.resourceSubscriptions ?? [],
        );
    await host.watchResources(id, [STATUS_URI]);
    expect(listens().at(-1)).toEqual([STATUS_URI]);
    await nextEvent(host, updateOf(STATUS_URI));
    await host.watchResources(id, []);
    expect(listens().at(-1)).toEqual([]);
  });

  it('2026-07-28: list_changed lists the catalog again', async () => {
    ({ host } = demoInMemory(100));
    const { catalogs } = await settled(host);
    const generation = catalogs[0]?.generation as number;
    const relisted = await nextEvent(host, (event) => event.type === 'catalog-relisted');
    expect(relisted.type === 'catalog-relisted' && relisted.generation).toBeGreaterThan(generation);
  });

  it('legacy: a watched resource is subscribed with resources/subscribe, and unwatching stops updates', async () => {
    ({ host } = startHost([fixture('legacy-server.ts', '--tick-ms', '100')]));
    const { servers } = await settled(host);
    const id = servers[0]?.id as string;
    const today = 'legacy://logs/today';
    // Watched throughout: its updates show the server ticking on after the other is unwatched.
    const todo = 'legacy://notes/todo';
    await host.watchResources(id, [today, todo]);
    await nextEvent(host, updateOf(today));
    const heard: string[] = [];
    host.onEvent((event) => event.type === 'resource-updated' && heard.push(event.uri));
    // Resolves once the server has answered the resources/unsubscribe.
    await host.watchResources(id, [todo]);
    const trace = host.trace.all();
    const unsubscribed = trace.findLast(
      (record) => record.direction === 'receive' && record.method === 'resources/unsubscribe',
    );
    expect(unsubscribed?.json).toBeDefined();
    const sentAfter = (uri: string) =>
      host!.trace
        .all()
        .filter(
          (record) =>
            record.seq > (unsubscribed?.seq as number) &&
            record.method === 'notifications/resources/updated' &&
            record.json.includes(`"${uri}"`),
        ).length;
    await expect.poll(() => heard.filter((uri) => uri === todo).length).toBeGreaterThanOrEqual(4);
    // On the wire: ticks went on after the unsubscribe, and none of them was for the unwatched.
    expect(sentAfter(todo)).toBeGreaterThanOrEqual(3);
    expect(sentAfter(today)).toBe(0);
    // In the events: one sent before the unsubscribe may still be let through, at most 50 ms
    // later (update-gate.ts); none comes after three more of the watched one (50 ms apart at least).
    const third = heard.map((uri, at) => (uri === todo ? at : -1)).filter((at) => at >= 0)[2];
    expect(heard.slice(third).filter((uri) => uri === today)).toEqual([]);
  });

  it('keeps watching across a reconnect', async () => {
    ({ host } = startHost([fixture('legacy-server.ts', '--tick-ms', '100')]));
    const id = (await settled(host)).servers[0]?.id as string;
    await host.watchResources(id, ['legacy://notes/todo']);
    await host.reconnect(id);
    await nextEvent(host, updateOf('legacy://notes/todo'));
  });
});

describe('under an update load', () => {
  it('the context takes in new versions while the load lasts, not only after it stops', async () => {
    const port = await freePort();
    ({ host } = startHost([fixture('update-load-server.ts', '--control-port', String(port))]));
    const id = (await settled(host)).servers[0]?.id as string;
    host.context.session.setSettings({ ...host.context.session.settings, auto: false });
    host.context.session.setMarks(
      LOAD_RESOURCES.map((uri) => resourceKeyString({ serverId: id, uri })),
      'include',
    );
    await host.openView('w', {});
    await host.context.settled();
    const control = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
    const versionsShown = new Set<string>();
    host.onEvent((event) => {
      if (
        event.type !== 'context' ||
        event.frame.state !== 'done' ||
        event.frame.text === undefined
      )
        return;
      for (const match of event.frame.text.matchAll(/version (\d+) sent/g))
        versionsShown.add(match[1] as string);
    });
    await control('/start?hz=20');
    try {
      // Counted while the load still runs (20 resources, 20 updates a second each, until it is
      // stopped): the context keeps taking in new versions.
      await expect.poll(() => versionsShown.size).toBeGreaterThan(10);
    } finally {
      await control('/stop');
    }
  });
});

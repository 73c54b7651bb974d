// A server's list changes are shown as a difference, in both eras; storms cost a bounded
// number of listings; a server that breaks the rules is named on its card.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostEvent } from '../../shared/host-api';
import type { ServerSnapshot } from '../../shared/mcp-types';
import type { Host } from '../../electron/host/host';
import { RELIST_MIN_GAP_MS } from '../../electron/host/connection/catalog-lister';
import { UPDATE_GAP_MS } from '../../electron/host/connection/update-gate';
import { FLOOD_UPDATES, STORM_BURST } from '../fixtures/hostile-fixture';
import { fixture, nextEvent, settled, startHost, WAIT_MS } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const relisted = (event: HostEvent): event is Extract<HostEvent, { type: 'catalog-relisted' }> =>
  event.type === 'catalog-relisted';
const problem = async (kind: string) =>
  (await host!.getSnapshot()).servers[0]?.problems?.find((p) => p.kind === kind);

describe.each([
  ['2026-07-28', [] as string[]],
  ['legacy', ['--legacy']],
])('list changes (%s)', (era, args) => {
  it('tell what was removed, added and changed, and never empty the list shown meanwhile', async () => {
    const started = startHost([fixture('vanishing-server.ts', ...args)]);
    host = started.host;
    const { servers, catalogs } = await settled(host);
    expect(servers[0]?.era).toBe(era === 'legacy' ? 'legacy' : 'modern');
    const id = servers[0]?.id as string;
    const generation = catalogs[0]?.generation as number;
    const resets = () => started.events.filter((event) => event.type === 'catalog-reset').length;
    const resetsBefore = resets();

    const removed = nextEvent(host, relisted);
    await host.readResource(id, 'notes://team/control/remove');
    const first = await removed;
    expect(first.diff.resources).toEqual({
      added: [],
      removed: ['notes://team/leaving.md'],
      changed: [],
    });
    expect(first.change).toMatchObject({
      cause: 'list-changed',
      added: 0,
      removed: 1,
      changed: 0,
      sample: { removed: ['notes://team/leaving.md'] },
    });
    expect(first.generation).toBeGreaterThan(generation);

    const added = nextEvent(host, relisted);
    await host.readResource(id, 'notes://team/control/restore');
    expect((await added).diff.resources.added).toEqual(['notes://team/leaving.md']);

    const changed = nextEvent(host, relisted);
    await host.readResource(id, 'notes://team/control/retitle');
    expect((await changed).diff.resources).toEqual({
      added: [],
      removed: [],
      changed: ['notes://team/staying.md'],
    });

    // The list shown was replaced whole each time, never emptied and streamed again.
    expect(resets()).toBe(resetsBefore);
    const catalog = (await host.getSnapshot()).catalogs[0];
    expect(catalog?.resources.find((r) => r.uri === 'notes://team/staying.md')?.title).toBe(
      'Notes that stay, renamed',
    );
    expect(catalog?.lastChange).toMatchObject({ changed: 1 });
  });

  it('a Refresh gives a difference too', async () => {
    ({ host } = startHost([fixture('vanishing-server.ts', ...args)]));
    const id = (await settled(host)).servers[0]?.id as string;
    const event = nextEvent(host, relisted);
    await host.refreshCatalog(id);
    expect((await event).change).toMatchObject({
      cause: 'refresh',
      added: 0,
      removed: 0,
      changed: 0,
    });
  });
});

describe('servers that break the rules', () => {
  it('a list_changed storm from a server that declares no listChanged: a bounded number of listings, and a warning that counts', async () => {
    const started = startHost([fixture('hostile-server.ts', '--mode', 'list-changed-storm')]);
    host = started.host;
    await settled(host);
    const from = started.events.length;
    const since = Date.now();
    const bursts = 6;
    const listings = () => started.events.slice(from).filter(relisted).length;
    // Six bursts heard and counted on the card (told at most once a second), and a listing since.
    await vi.waitFor(
      async () => {
        expect((await problem('list-changed-undeclared'))?.count).toBeGreaterThanOrEqual(
          STORM_BURST * bursts,
        );
        expect(listings()).toBeGreaterThanOrEqual(1);
      },
      { timeout: WAIT_MS, interval: 50 },
    );
    // One in flight and one waiting per burst at most, and each a second after the one before: at
    // most one a second over the time the storm took (however slow the machine), and one more.
    const took = Date.now() - since;
    expect(listings()).toBeLessThanOrEqual(Math.ceil(took / RELIST_MIN_GAP_MS) + 1);
    const warning = await problem('list-changed-undeclared');
    expect(warning?.message).toMatch(
      /^it sent notifications\/resources\/list_changed \d+ times without declaring resources\.listChanged$/,
    );
  });

  it('a server that exits while listing is reported as a crash, saying where', async () => {
    const started = startHost([fixture('hostile-server.ts', '--mode', 'exit-while-listing')]);
    host = started.host;
    const { servers, catalogs } = await settled(host);
    expect(servers[0]?.status).toBe('disconnected');
    expect(catalogs[0]?.status).toBe('failed');
    expect(catalogs[0]?.error).toBe('the server exited with code 3 while listing page 3');
    expect(catalogs[0]?.resources.map((r) => r.uri)).toEqual([
      'hostile://paged/1',
      'hostile://paged/2',
    ]);
    // Settled once the exit was seen: nothing lists it again, the failure is the catalog's last word.
    expect(
      started.events.filter((event) => event.type.startsWith('catalog-')).at(-1),
    ).toMatchObject({ type: 'catalog-status', status: 'failed' });
  });

  it('a server that declares subscribe and fails it is named on its card', async () => {
    ({ host } = startHost([fixture('hostile-server.ts', '--mode', 'subscribe-fails')]));
    const id = (await settled(host)).servers[0]?.id as string;
    await host.watchResources(id, ['hostile://plain/one']);
    await expect.poll(() => problem('subscribe-failed')).toBeDefined();
    const warning = await problem('subscribe-failed');
    expect(warning?.message).toMatch(
      /declares subscribe, but resources\/subscribe hostile:\/\/plain\/one failed: .*maintenance/,
    );
  });

  it('updates for a URI nobody subscribed to are counted and dropped', async () => {
    const started = startHost([fixture('hostile-server.ts', '--mode', 'unsubscribed-updates')]);
    host = started.host;
    await settled(host);
    // Three of them heard (one every 50 ms), and counted:
    await expect.poll(async () => (await problem('update-unsubscribed'))?.count).toBeGreaterThan(2);
    // and none went on to a window.
    expect(started.events.some((event) => event.type === 'resource-updated')).toBe(false);
    const warning = await problem('update-unsubscribed');
    expect(warning?.message).toBe(
      'it sent resources/updated for hostile://never/subscribed, which is not subscribed (ignored)',
    );
    const snapshot = (await host.getSnapshot()).servers[0] as ServerSnapshot;
    expect(snapshot.status).toBe('connected');
  });
});

describe('an update flood', () => {
  it('is joined per URI, the last update always goes on, and the card says by how much', async () => {
    const started = startHost([fixture('hostile-server.ts', '--mode', 'update-flood')]);
    host = started.host;
    const id = (await settled(host)).servers[0]?.id as string;
    const uri = 'hostile://plain/one';
    // As the detail view does: each update it hears reads the resource again.
    let lastRead: Promise<string | undefined> = Promise.resolve(undefined);
    const heardAt: number[] = [];
    host.onEvent((event) => {
      if (event.type !== 'resource-updated' || event.uri !== uri) return;
      heardAt.push(Date.now());
      lastRead = host!.readResource(id, uri).then((result) => result.contents[0]?.text);
    });
    await host.watchResources(id, [uri]);
    await expect
      .poll(async () => (await host!.readResource(id, uri)).contents[0]?.text)
      .toBe(`version ${FLOOD_UPDATES}`);
    // The last update went on: the read it set off gives the last version.
    await expect.poll(() => lastRead).toBe(`version ${FLOOD_UPDATES}`);
    // 1,000 updates over a second or more: some went on while they came, at most one per 50 ms
    // (measured here, so a slow machine that stretches the flood allows more), and the last.
    const heard = heardAt.length;
    expect(heard).toBeGreaterThan(2);
    const span = (heardAt.at(-1) as number) - (heardAt[0] as number);
    expect(heard).toBeLessThanOrEqual(Math.floor(span / UPDATE_GAP_MS) + 2);
    await expect
      .poll(async () => (await problem('update-flood'))?.message)
      .toMatch(
        /^it sent \d+ resources\/updated in one second; about \d+ were joined to others \(at most one per URI every 50 ms\)$/,
      );
  });
});

// A window's view of the catalogs, held by the host (electron/host/catalog/catalog-views.ts),
// against
// a real server listing over stdio: frames follow the listing and end with it, a search and
// a folder's checkbox are answered by the host, the context's candidates come in slices or
// by URI, and a view closed or never opened is refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import type { ViewFrame } from '../../shared/catalog/view-wire';
import { serverNodeId } from '../../shared/catalog/node-ids';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { HostEvent } from '../../shared/host-api';
import { syntheticResource } from '../fixtures/synthetic-catalog';
import { fixture, nextEvent, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const COUNT = 5000;

/** A host listing COUNT synthetic resources with one view open; resolves once listed. */
async function listedWithView(): Promise<{ host: Host; frames: ViewFrame[] }> {
  const started = startHost([]);
  host = started.host;
  const frames: ViewFrame[] = [];
  host.onEvent((event) => {
    if (event.type === 'view' && event.frame.viewId === 'w1') frames.push(event.frame);
  });
  await host.openView('w1', { open: [] });
  const done = nextEvent(
    host,
    (event: HostEvent) => event.type === 'catalog-status' && event.status === 'complete',
  );
  await host.addServer(
    fixture('synthetic-server.ts', '--count', String(COUNT), '--page-size', '100'),
  );
  await done;
  return { host, frames };
}

/**
 * The frame of a view that answers `query`: at once, or after frames that say it is searching
 * (a search longer than a frame or two goes on in slices).
 */
function answered(host: Host, viewId: string, query: string): Promise<ViewFrame> {
  return nextEvent(
    host,
    (event: HostEvent) =>
      event.type === 'view' &&
      event.frame.viewId === viewId &&
      event.frame.query === query &&
      event.frame.searching === undefined,
  ).then((event) => (event as Extract<HostEvent, { type: 'view' }>).frame);
}

describe('catalog views on the host', () => {
  it('follows a listing with frames and sends the whole catalog as the listing ends', async () => {
    const { frames } = await listedWithView();
    const last = frames.at(-1) as ViewFrame;
    expect(last.listing).toBe(false);
    expect(last.resourceTotal).toBe(COUNT);
    expect(last.tree[0]?.id).toBe(serverNodeId('s1'));
    expect(last.tree[0]?.resourceCount).toBe(COUNT);
    // Coalesced: far fewer frames than the 50 pages, and numbered in order.
    expect(frames.length).toBeLessThan(20);
    expect(frames.map((frame) => frame.frame)).toEqual(
      [...frames.map((frame) => frame.frame)].sort((a, b) => a - b),
    );
    // Cut down: a window is sent a bounded number of rows, never the catalog.
    expect(JSON.stringify(last).length).toBeLessThan(
      JSON.stringify([...Array(COUNT).keys()].map(syntheticResource)).length / 3,
    );
  });

  it('searches on the host and picks a folder’s shown resources in one call', async () => {
    const { host, frames } = await listedWithView();
    const target = syntheticResource(4321);
    const shown = answered(host, 'w1', target.uri);
    await host.updateView('w1', { query: target.uri });
    const frame = await shown;
    expect(frame.query).toBe(target.uri);
    expect(frame.matchCount).toBeGreaterThan(0);
    expect(frame.shownResources).toBeLessThan(COUNT);
    const toggled = await host.updateView('w1', { toggleUnder: serverNodeId('s1') });
    expect(toggled.toggled).toEqual({ on: true, count: frame.shownResources });
    // The picks are the host's session's, not the window's.
    expect(
      host.context.session.picked.has(resourceKeyString({ serverId: 's1', uri: target.uri })),
    ).toBe(true);
    expect(host.context.session.picked.size).toBe(frame.shownResources);
    expect((frames.at(-1) as ViewFrame).tree[0]?.picked).toBe(frame.shownResources);
  });

  it('gives a window that opens after the listing the whole catalog in its first frame', async () => {
    const { host } = await listedWithView();
    const frames: ViewFrame[] = [];
    host.onEvent((event) => {
      if (event.type === 'view' && event.frame.viewId === 'late') frames.push(event.frame);
    });
    const query = syntheticResource(9).uri;
    const shown = answered(host, 'late', query);
    await host.openView('late', { open: [serverNodeId('s1')], query });
    expect(frames[0]?.resourceTotal).toBe(COUNT);
    expect((await shown).matchCount).toBeGreaterThan(0);
  });

  it('refuses a change to a view it does not hold, and forgets a closed one', async () => {
    const { host } = await listedWithView();
    await expect(host.updateView('nobody', { query: 'x' })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    await host.closeView('w1');
    await expect(host.updateView('w1', { query: 'x' })).rejects.toThrow(/no view with id/);
  });
});

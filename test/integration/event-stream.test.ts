// Browser mode's event stream (electron/web/serve.ts) against a real host listing a real
// server: the page's events arrive as JSON lines, catalogs as counts and the page's view as
// frames (the resources stay on the host), and a page that stops reading is cut off instead
// of making the host hold every event since.
import { get, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserModeHandle } from '../../electron/web/serve';
import { fixture, nextEvent, startHost } from './harness';
import type { Host } from '../../electron/host/host';

let mode: BrowserModeHandle | undefined;
let host: Host | undefined;
afterEach(async () => {
  await mode?.close();
  await host?.close();
  mode = undefined;
  host = undefined;
});

/** Opens the event stream as the page does (its own Host, the token in the URL). */
function openEvents(handle: BrowserModeHandle): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(
      {
        host: '127.0.0.1',
        port: handle.port,
        path: `/events?token=${handle.token}`,
        headers: { Host: `127.0.0.1:${handle.port}` },
      },
      resolve,
    ).on('error', reject);
  });
}

/** Starts browser mode over a host that has not yet connected its server. */
async function serveListing(
  count: number,
  maxUnreadEventBytes?: number,
): Promise<{ handle: BrowserModeHandle; connect: () => void }> {
  const started = startHost([]);
  host = started.host;
  const handle = await startBrowserMode({
    host,
    rendererDir: 'out/renderer',
    ...(maxUnreadEventBytes !== undefined && { maxUnreadEventBytes }),
  });
  mode = handle;
  const connect = () =>
    void started.host.addServer(
      fixture('synthetic-server.ts', '--count', String(count), '--page-size', '500'),
    );
  return { handle, connect };
}

describe('the event stream', () => {
  it('carries a whole listing to a page that reads, a JSON message per line, as counts and view frames', async () => {
    const { handle, connect } = await serveListing(20_000);
    const response = await openEvents(handle);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    await (host as Host).openView('page', {});
    let frames = 0;
    let lastTotal = 0;
    connect();
    let text = '';
    let listed = 0;
    let lines = 0;
    await new Promise<void>((resolve, reject) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        let end = text.indexOf('\n');
        while (end !== -1) {
          const message = JSON.parse(text.slice(0, end)) as {
            snapshot?: { seq: number };
            event?: {
              type: string;
              added?: number;
              resources?: unknown;
              status?: string;
              frame?: { viewId: string; resourceTotal: number; tree: unknown[] };
            };
          };
          if (message.event?.type === 'catalog-page' && message.event.resources !== undefined)
            reject(new Error('a catalog page carried its resources'));
          if (message.event?.type === 'view' && message.event.frame?.viewId === 'page') {
            frames += 1;
            lastTotal = message.event.frame.resourceTotal;
          }
          text = text.slice(end + 1);
          // The first line is the host's state as the stream began; events follow.
          if (lines === 0) expect(message.snapshot?.seq).toBeTypeOf('number');
          else if (!message.event) reject(new Error(`not an event: ${JSON.stringify(message)}`));
          lines += 1;
          listed += message.event?.added ?? 0;
          if (message.event?.type === 'catalog-status' && message.event.status === 'complete')
            resolve();
          end = text.indexOf('\n');
        }
      });
      response.on('close', () => reject(new Error('the stream was cut')));
    });
    expect(listed).toBe(20_000);
    // The last frame comes with the end of the listing, and counts it all.
    await expect.poll(() => lastTotal).toBe(20_000);
    expect(frames).toBeGreaterThan(1);
    expect(response.destroyed).toBe(false);
  });

  it('cuts off a page that stops reading, once its unread events pass the limit', async () => {
    const { handle, connect } = await serveListing(20_000, 1024 * 1024);
    const response = await openEvents(handle);
    response.pause();
    const listed = nextEvent(
      host as Host,
      (event) => event.type === 'catalog-status' && event.status === 'complete',
    );
    connect();
    await listed;
    // The view changes again and again while the page reads nothing: a frame each time,
    // hundreds of kilobytes apiece.
    await (host as Host).openView('page', {});
    for (let i = 0; i < 100; i += 1)
      await (host as Host).updateView('page', { sort: i % 2 === 0 ? 'priority' : 'name' });
    // Reading again, the page finds its stream ended early: it holds far fewer than the
    // frames sent (tens of megabytes), and it reconnects for a fresh snapshot.
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    const aborted = new Promise<string>((resolve) =>
      response.on('error', (error) => resolve(error.message)),
    );
    const closed = new Promise<void>((resolve) => response.on('close', () => resolve()));
    response.resume();
    expect(await aborted).toBe('aborted');
    await closed;
    expect(response.complete).toBe(false);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(8 * 1024 * 1024);
  });
});

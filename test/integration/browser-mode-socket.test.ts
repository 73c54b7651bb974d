// Browser mode's socket against a page that sends what it must not: the socket ends, the
// host and its other pages go on.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startBrowserMode, type BrowserModeHandle } from '../../electron/web/serve';
import type { Host } from '../../electron/host/host';
import { startHost } from './harness';

let mode: BrowserModeHandle | undefined;
let host: Host | undefined;
afterEach(async () => {
  await mode?.close();
  await host?.close();
});

function openSocket(handle: BrowserModeHandle): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${handle.port}/ws?token=${handle.token}`, { origin: handle.origin });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function call(socket: WebSocket, id: number, method: string, args: unknown[]): Promise<{ id: number; response: { ok: boolean } }> {
  return new Promise((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id: number; response: { ok: boolean } };
      if (message.id === id) resolve(message);
    });
    socket.send(JSON.stringify({ id, method, args }));
  });
}

describe('the browser-mode socket', () => {
  it('ends a socket that sends more than a call may hold, and the host serves the next one', async () => {
    host = startHost([]).host;
    mode = await startBrowserMode({ host, rendererDir: 'out/renderer' });
    const greedy = await openSocket(mode);
    const closed = new Promise<void>((resolve) => greedy.once('close', () => resolve()));
    greedy.on('error', () => undefined);
    greedy.send(JSON.stringify({ id: 1, method: 'closeView', args: ['x'.repeat(9 * 1024 * 1024)] }));
    await closed;
    const next = await openSocket(mode);
    await expect(call(next, 2, 'listProfiles', [])).resolves.toMatchObject({ id: 2, response: { ok: true } });
    next.close();
  });
});

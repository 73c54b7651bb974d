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

function openSocket(handle: BrowserModeHandle, query = ''): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${handle.port}/ws?token=${handle.token}${query}`, {
    origin: handle.origin,
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function call(
  socket: WebSocket,
  id: number,
  method: string,
  args: unknown[],
): Promise<{ id: number; response: { ok: boolean } }> {
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
    greedy.send(
      JSON.stringify({ id: 1, method: 'closeView', args: ['x'.repeat(9 * 1024 * 1024)] }),
    );
    await closed;
    const next = await openSocket(mode);
    await expect(call(next, 2, 'listProfiles', [])).resolves.toMatchObject({
      id: 2,
      response: { ok: true },
    });
    next.close();
  });

  it('serves a capture a page opened on its own socket and stream, behind the same token', async () => {
    const live = startHost([]).host;
    host = live;
    mode = await startBrowserMode({
      host: live,
      rendererDir: 'out/renderer',
      captureHost: (id) => live.captureHost(id),
    });
    const page = await openSocket(mode);
    const taken = (await call(page, 1, 'takeCapture', [])) as unknown as {
      response: { ok: true; value: { json: string } };
    };
    const opened = (await call(page, 2, 'openCapture', [taken.response.value.json])) as unknown as {
      response: { ok: true; value: { captureId: string } };
    };
    const { captureId } = opened.response.value;
    const replay = await openSocket(mode, `&capture=${captureId}`);
    // The capture's host answers on its socket: read-only.
    await expect(
      call(replay, 3, 'addServer', [
        { name: 'x', transport: { kind: 'stdio', command: 'node', args: [] } },
      ]),
    ).resolves.toMatchObject({ response: { ok: false, error: { code: 'not-supported' } } });
    const events = await fetch(`${mode.origin}/events?token=${mode.token}&capture=${captureId}`);
    expect(events.status).toBe(200);
    const first = await events.body?.getReader().read();
    expect(new TextDecoder().decode(first?.value)).toContain('"replay":{"capturedAt"');
    // One never opened is not found, and the token is still needed.
    expect((await fetch(`${mode.origin}/events?token=${mode.token}&capture=nope`)).status).toBe(
      404,
    );
    expect((await fetch(`${mode.origin}/events?token=wrong&capture=${captureId}`)).status).toBe(
      401,
    );
    await expect(openSocket(mode, '&capture=nope')).rejects.toThrow(/404/);
    // Four more opened: the first is closed, and its page is told so (4404) and let go.
    const told = new Promise<number>((resolve) => replay.once('close', (code) => resolve(code)));
    for (let at = 0; at < 4; at += 1)
      await call(page, 10 + at, 'openCapture', [taken.response.value.json]);
    expect(await told).toBe(4404);
    expect((await fetch(`${mode.origin}/?token=${mode.token}&capture=${captureId}`)).status).toBe(
      404,
    );
    page.close();
  });
});

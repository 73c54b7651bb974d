/**
 * What the app notices of a connection is kept apart from what the server printed: a log line on
 * stdout and an answer to no request are the server's problems, not lines of its stderr; an answer
 * to a request the app cancelled is what the spec says to ignore, and is ignored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { fixture, nextEvent, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const problem = async () =>
  (await host!.getSnapshot()).servers[0]?.problems?.find((one) => one.kind === 'not-protocol');

describe("a server's protocol noise", () => {
  it('is its problem, never its stderr; a late answer to a cancelled request is ignored', async () => {
    ({ host } = startHost([fixture('noisy-server.ts')]));
    const { servers } = await settled(host);
    const id = servers[0]?.id as string;
    await expect.poll(problem).toMatchObject({
      count: 1,
      message:
        'it sent what the protocol does not allow: the server wrote a line that is not JSON-RPC: debug: starting up',
    });
    // Cancelled once the server holds it: the server answers anyway, late.
    const held = nextEvent(
      host,
      (event) => event.type === 'stderr' && event.lines.includes('noisy: holding the slow read'),
    );
    const slow = host.readResource(id, 'noisy://slow', 'slow-read');
    await held;
    await host.cancelRequest('slow-read');
    await expect(slow).rejects.toMatchObject({ code: 'cancelled' });
    // An answer to id 9999, which was never sent: counted, after the late one (which is not).
    await host.readResource(id, 'noisy://orphan');
    await expect.poll(async () => (await problem())?.message).toMatch(/unknown message ID: .*9999/);
    expect((await problem())?.count).toBe(2);
    const [server] = (await host.getSnapshot()).servers;
    expect(server?.stderrTail).toEqual(['noisy: ready', 'noisy: holding the slow read']);
  });
});

// One message over the cap closes the connection, on every transport, in the same words: the line
// `mcp-context list` prints. A small cap stands in for the default 256 MiB.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { whyDown } from '../../electron/cli/server-lines';
import type { HttpFixture } from '../fixtures/http-server';
import {
  AFTER_THE_EVENTS,
  startOversizeHttp,
  type OversizeOptions,
} from '../fixtures/oversize-http';
import { fixture, settled, startHost } from './harness';

const MIB = 1024 * 1024;
const OVER = 'the server sent a message over 1 MB; closing the connection';

let host: Host | undefined;
let server: HttpFixture | undefined;
afterEach(async () => {
  await host?.close();
  await server?.close();
  host = undefined;
  server = undefined;
});

/** A host with a 1 MiB cap, connected to the hostile HTTP server. */
async function overHttp(options: OversizeOptions) {
  server = await startOversizeHttp(options);
  ({ host } = startHost([{ name: 'oversize', transport: { kind: 'http', url: server.url } }], {
    maxMessageBytes: MIB,
  }));
  return settled(host);
}

describe('a message over the cap', () => {
  it('over stdio: the read fails, and the server is down for that reason alone', async () => {
    ({ host } = startHost([fixture('hostile-server.ts', '--mode', 'huge')], {
      maxMessageBytes: MIB,
    }));
    const { servers } = await settled(host);
    expect(servers[0]?.status).toBe('connected');
    // 30 MiB of text, answered on one line.
    await expect(
      host.readResource(servers[0]?.id as string, 'hostile://huge/text'),
    ).rejects.toMatchObject({ code: 'disconnected' });
    const down = (await host.getSnapshot()).servers[0];
    expect(down?.disconnect?.reason).toBe(OVER);
    expect(whyDown(down!)).toBe(OVER);
  });

  it.each([
    ['one application/json answer', 'json'],
    ['one event of an answer stream (text/event-stream)', 'sse'],
    ['one event of the legacy SSE stream, reached by the fallback', 'legacy-sse'],
  ] as const)(
    'over HTTP, %s: the listing ends, and the server is down for that reason alone',
    async (_, answer) => {
      const { servers, catalogs } = await overHttp({ answer, bytes: 3 * MIB });
      expect(servers[0]?.status).toBe('disconnected');
      expect(servers[0]?.disconnect?.reason).toBe(OVER);
      // The one line `list` says, exiting 1.
      expect(whyDown(servers[0]!)).toBe(OVER);
      expect(catalogs[0]).toMatchObject({ status: 'failed', resources: [] });
    },
  );

  it('over HTTP, an error page over the cap closes it too: no fall back to SSE', async () => {
    const { servers } = await overHttp({ answer: 'error-page', bytes: 3 * MIB });
    expect(servers[0]?.status).toBe('disconnected');
    expect(servers[0]?.disconnect?.reason).toBe(OVER);
  });

  it('over HTTP, an answer just under the cap is listed', async () => {
    const { servers, catalogs } = await overHttp({ answer: 'json', bytes: MIB - 1024 });
    expect(servers[0]?.status).toBe('connected');
    expect(catalogs[0]?.resources.map((r) => r.uri)).toEqual(['oversize://big']);
  });

  it('over HTTP, a stream of small events is not capped as a whole', async () => {
    const { servers, catalogs } = await overHttp({ answer: 'sse-many', bytes: 3 * MIB });
    expect(servers[0]?.status).toBe('connected');
    expect(catalogs[0]?.status).toBe('complete');
    expect(catalogs[0]?.resources.map((r) => r.uri)).toEqual([AFTER_THE_EVENTS]);
  });
});

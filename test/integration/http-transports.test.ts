// Streamable HTTP in both eras, and the fall back to legacy SSE.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';
import { settled, startHost } from './harness';

let host: Host | undefined;
let server: HttpFixture | undefined;
afterEach(async () => {
  await host?.close();
  await server?.close();
  host = undefined;
  server = undefined;
});

describe('HTTP servers', () => {
  it('speaks 2026-07-28 over Streamable HTTP', async () => {
    server = await startHttpFixture({ era: 'modern' });
    ({ host } = startHost([{ name: 'modern-http', transport: { kind: 'http', url: server.url } }]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({
      status: 'connected',
      era: 'modern',
      wire: 'streamable-http',
    });
    expect(catalogs[0]?.resources).toHaveLength(5);
  });

  it('falls back to SSE where Streamable HTTP is refused, sending the custom headers', async () => {
    server = await startHttpFixture({ era: 'legacy-sse', requiredHeader: ['X-Api-Key', 'k-123'] });
    ({ host } = startHost([
      {
        name: 'old',
        transport: { kind: 'http', url: server.url, headers: { 'X-Api-Key': 'k-123' } },
      },
    ]));
    const { servers, catalogs } = await settled(host);
    // Reached over SSE, and said so: not "Streamable HTTP".
    expect(servers[0]).toMatchObject({ status: 'connected', era: 'legacy', wire: 'sse' });
    expect(catalogs[0]?.resources).toHaveLength(10);
    expect(servers[0]?.transport).toMatchObject({ headers: { 'X-Api-Key': '••••' } });
  });

  it('marks a server without sessions, which refuses the standing GET, as sending nothing unasked', async () => {
    server = await startHttpFixture({ era: 'stateless-legacy' });
    ({ host } = startHost([{ name: 'stateless', transport: { kind: 'http', url: server.url } }]));
    const { catalogs } = await settled(host);
    expect(catalogs[0]?.resources).toHaveLength(10);
    await expect
      .poll(async () => (await host!.getSnapshot()).servers[0])
      .toMatchObject({ status: 'connected', wire: 'streamable-http', streamRefused: true });
  });

  it('shows a refused credential as a disconnect', async () => {
    server = await startHttpFixture({
      era: 'streamable-legacy',
      requiredHeader: ['Authorization', 'Bearer right'],
    });
    ({ host } = startHost([
      {
        name: 'locked',
        transport: { kind: 'http', url: server.url, headers: { Authorization: 'Bearer wrong' } },
      },
    ]));
    const { servers } = await settled(host);
    expect(servers[0]?.status).toBe('disconnected');
    expect(servers[0]?.disconnect?.reason).toMatch(/401|unauthorized|authentication/i);
  });

  it('says the status of a server that answers with an error page, never the page', async () => {
    const page = createServer((_req, res) =>
      res
        .writeHead(500, { 'content-type': 'text/html' })
        .end(
          '<!DOCTYPE html><html><body><h1>Internal Server Error</h1><script>alert(1)</script></body></html>',
        ),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const { port } = page.address() as AddressInfo;
    try {
      ({ host } = startHost([
        { name: 'broken', transport: { kind: 'sse', url: `http://127.0.0.1:${port}/mcp` } },
        { name: 'broken-http', transport: { kind: 'http', url: `http://127.0.0.1:${port}/mcp` } },
      ]));
      const { servers } = await settled(host);
      for (const broken of servers) {
        expect(broken.status).toBe('disconnected');
        expect(broken.disconnect?.reason).not.toMatch(/<|DOCTYPE|script/);
        expect(broken.disconnect?.reason).toMatch(/500/);
      }
      expect(servers[1]?.disconnect?.reason).toBe(
        'could not connect: HTTP 500 Internal Server Error on POST',
      );
    } finally {
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    }
  });
});

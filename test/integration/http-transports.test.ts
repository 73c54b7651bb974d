// Streamable HTTP in both eras, and the fall back to legacy SSE.
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
    expect(servers[0]).toMatchObject({ status: 'connected', era: 'modern' });
    expect(catalogs[0]?.resources).toHaveLength(5);
  });

  it('falls back to SSE where Streamable HTTP is refused, sending the custom headers', async () => {
    server = await startHttpFixture({ era: 'legacy-sse', requiredHeader: ['X-Api-Key', 'k-123'] });
    ({ host } = startHost([{ name: 'old', transport: { kind: 'http', url: server.url, headers: { 'X-Api-Key': 'k-123' } } }]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({ status: 'connected', era: 'legacy' });
    expect(catalogs[0]?.resources).toHaveLength(10);
    expect(servers[0]?.transport).toMatchObject({ headers: { 'X-Api-Key': '••••' } });
  });

  it('shows a refused credential as a disconnect', async () => {
    server = await startHttpFixture({ era: 'streamable-legacy', requiredHeader: ['Authorization', 'Bearer right'] });
    ({ host } = startHost([{ name: 'locked', transport: { kind: 'http', url: server.url, headers: { Authorization: 'Bearer wrong' } } }]));
    const { servers } = await settled(host);
    expect(servers[0]?.status).toBe('disconnected');
    expect(servers[0]?.disconnect?.reason).toMatch(/401|unauthorized|authentication/i);
  });
});

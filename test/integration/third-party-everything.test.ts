// The real @modelcontextprotocol/server-everything (1.x SDK, legacy era) over stdio.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { everything, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('server-everything over stdio', () => {
  it('connects in the legacy era and lists its 7 resources and 2 templates', async () => {
    ({ host } = startHost([everything]));
    const snapshot = await settled(host);
    const [server] = snapshot.servers;
    expect(server).toMatchObject({
      status: 'connected',
      era: 'legacy',
      serverInfo: { name: 'mcp-servers/everything' },
    });
    expect(server?.protocolVersion).toMatch(/^2025-/);
    expect(server?.capabilities).toMatchObject({
      resources: { subscribe: true, listChanged: true },
    });
    const [catalog] = snapshot.catalogs;
    expect(catalog?.status).toBe('complete');
    expect(catalog?.resources).toHaveLength(7);
    expect(catalog?.templates).toHaveLength(2);
    expect(catalog?.warnings).toEqual([]);
  });

  it('reads a document, and names the code of an unknown resource', async () => {
    ({ host } = startHost([everything]));
    const snapshot = await settled(host);
    const serverId = snapshot.servers[0]?.id as string;
    const uri = snapshot.catalogs[0]?.resources.find((r) => r.mimeType === 'text/markdown')
      ?.uri as string;
    const result = await host.readResource(serverId, uri);
    expect(result.contents[0]?.text?.length).toBeGreaterThan(100);
    expect(result.contents[0]?.size).toBe(Buffer.byteLength(result.contents[0]?.text ?? ''));
    await expect(host.readResource(serverId, 'demo://no/such/thing')).rejects.toMatchObject({
      code: 'unknown-resource',
      message: 'unknown resource: demo://no/such/thing (-32602)',
    });
  });
});

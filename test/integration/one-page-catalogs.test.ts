// A catalog that comes in one resources/list result, as the SDK's own McpServer sends it (the
// 1.x SDK and the v2 server package): the host lists it whole, each resource as it was registered.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { syntheticResource } from '../fixtures/synthetic-catalog';
import { fixture, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const COUNT = 20_000;

describe.each([
  { sdk: 'the v2 server package', args: [], era: 'modern' },
  { sdk: 'the 1.x SDK', args: ['--legacy'], era: 'legacy' },
])('a one-page catalog from $sdk', ({ args, era }) => {
  it('is listed whole, from one resources/list result', async () => {
    ({ host } = startHost([fixture('one-page-server.ts', '--count', String(COUNT), ...args)]));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]).toMatchObject({ status: 'connected', era });
    const catalog = catalogs[0];
    expect(catalog).toMatchObject({ status: 'complete', warnings: [] });
    expect(catalog?.resources).toHaveLength(COUNT);
    // One page of resources, then one of templates (none).
    expect(catalog?.pages).toBe(2);
    expect(catalog?.templates).toEqual([]);
    const last = syntheticResource(COUNT - 1);
    expect(catalog?.resources.at(-1)).toMatchObject({
      uri: last.uri,
      name: last.name,
      title: last.title,
      description: last.description,
      mimeType: 'text/markdown',
      size: last.size,
      annotations: last.annotations,
    });
    const read = await host.readResource(servers[0]?.id as string, last.uri);
    expect(read.contents[0]?.text).toBe(`# ${last.title}\n\n${last.description}\n`);
  });
});

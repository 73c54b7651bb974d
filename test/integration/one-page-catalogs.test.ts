// A catalog that comes in one resources/list result, as the SDK's own McpServer sends it (the
// 1.x SDK and the v2 server package): the host lists it whole, each resource as it was registered,
// and says how far it got while the page arrives and while it is indexed.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { syntheticResource } from '../fixtures/synthetic-catalog';
import type { HostEvent } from '../../shared/host-api';
import type { HttpFixture } from '../fixtures/http-server';
import { startOversizeHttp } from '../fixtures/oversize-http';
import { fixture, nextEvent, settled, startHost } from './harness';

let host: Host | undefined;
let server: HttpFixture | undefined;
afterEach(async () => {
  await host?.close();
  await server?.close();
  host = undefined;
  server = undefined;
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

describe('a one-page catalog of 25,000 (8 MB)', () => {
  it('says how much has come, that it is read, how much is indexed, then that it is done', async () => {
    ({ host } = startHost([]));
    const events: HostEvent[] = [];
    host.onEvent((event) => events.push(event));
    const complete = nextEvent(
      host,
      (event) => event.type === 'catalog-status' && event.status === 'complete',
    );
    await host.addServer(fixture('one-page-server.ts', '--count', '25000'));
    await complete;
    const said = events.flatMap((event) =>
      event.type === 'catalog-progress'
        ? [event.progress ? JSON.stringify(event.progress) : 'done']
        : event.type === 'catalog-page' && event.resources.length > 0
          ? [`page of ${event.resources.length}`]
          : [],
    );
    const first = said.indexOf('page of 10000');
    // Its bytes so far, told while they come, from the first megabyte; then, all of it come, that
    // it is being read; and only then rows.
    const received = said.slice(0, first).filter((line) => line.includes('receiving'));
    expect(received.length).toBeGreaterThan(0);
    const bytes = received.map((line) => (JSON.parse(line) as { bytes: number }).bytes);
    expect(bytes[0]).toBeGreaterThanOrEqual(1024 * 1024);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    const reading = JSON.parse(said[first - 1] as string) as { phase: string; bytes: number };
    expect(reading.phase).toBe('reading');
    expect(reading.bytes).toBeGreaterThanOrEqual(bytes.at(-1) as number);
    expect(said.slice(first)).toEqual([
      'page of 10000',
      JSON.stringify({ phase: 'indexing', done: 10_000, total: 25_000 }),
      'page of 10000',
      JSON.stringify({ phase: 'indexing', done: 20_000, total: 25_000 }),
      'page of 5000',
      'done',
    ]);
    // A window that opens now sees no page in progress.
    expect((await host.getSnapshot()).catalogs[0]?.progress).toBeUndefined();
  });
});

describe.each([
  ['one application/json answer', 'json'],
  ['one event of an answer stream', 'sse'],
] as const)('a 3 MiB resources/list page over HTTP, %s', (_, answer) => {
  it('says how much of it has come while it comes', async () => {
    server = await startOversizeHttp({ answer, bytes: 3 * 1024 * 1024 });
    ({ host } = startHost([{ name: 'large', transport: { kind: 'http', url: server.url } }]));
    const bytes: number[] = [];
    host.onEvent((event) => {
      if (event.type === 'catalog-progress' && event.progress?.phase === 'receiving')
        bytes.push(event.progress.bytes);
    });
    const { catalogs } = await settled(host);
    expect(catalogs[0]?.status).toBe('complete');
    expect(catalogs[0]?.resources.map((resource) => resource.uri)).toEqual(['oversize://big']);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes[0]).toBeGreaterThanOrEqual(1024 * 1024);
    expect(catalogs[0]?.progress).toBeUndefined();
  });
});

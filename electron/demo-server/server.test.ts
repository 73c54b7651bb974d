import { Client, InMemoryTransport, type ReadResourceResult } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFTS_PREFIX, STATUS_URI, TICKS_PER_DRAFT_CHANGE } from './live';
import { createDemoServer, type DemoServerOptions } from './server';
import { TEMPLATE_URIS } from './templates';

const TICK_MS = 15;
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function newClient(): Client {
  return new Client(
    { name: 'demo-server-test', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
}

/** Served the way the app serves it: through serveStdio, which answers both eras. */
async function connectViaServeStdio(options: DemoServerOptions = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(() => createDemoServer({ tickMs: TICK_MS, ...options }), {
    transport: serverSide,
  });
  const client = newClient();
  await client.connect(clientSide);
  cleanups.push(
    () => client.close(),
    () => handle.close(),
  );
  return client;
}

/**
 * A bare connect: the server answers no `server/discover`, so the client falls back to
 * `initialize`.
 */
async function connectDirectly(options: DemoServerOptions = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createDemoServer({ tickMs: TICK_MS, ...options });
  await server.connect(serverSide);
  const client = newClient();
  await client.connect(clientSide);
  cleanups.push(
    () => client.close(),
    () => server.close(),
  );
  return client;
}

/** Waits for `condition`; the limit only guards against a hang (the test's own is above it). */
async function waitFor(condition: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 30_000, interval: 5 },
  );
}

function byteLength(result: ReadResourceResult): number {
  const [content] = result.contents;
  if (!content) return -1;
  return 'text' in content
    ? new TextEncoder().encode(content.text).length
    : Buffer.from(content.blob, 'base64').length;
}

async function readError(client: Client, uri: string): Promise<{ code?: unknown; data?: unknown }> {
  return client.readResource({ uri }).then(
    () => ({}),
    (error: { code?: unknown; data?: unknown }) => error,
  );
}

async function completions(
  client: Client,
  uri: string,
  name: string,
  value: string,
  context?: Record<string, string>,
): Promise<string[]> {
  const result = await client.complete({
    ref: { type: 'ref/resource', uri },
    argument: { name, value },
    ...(context && { context: { arguments: context } }),
  });
  return result.completion.values;
}

describe('the demo server, as a newcomer sees it', () => {
  it('speaks the 2026-07-28 era and declares subscriptions, list changes and completions', async () => {
    const client = await connectViaServeStdio();
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { subscribe: true, listChanged: true },
      completions: {},
    });
  });

  it('still serves legacy clients', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(() => createDemoServer({ tickMs: TICK_MS }), {
      transport: serverSide,
    });
    const client = new Client({ name: 'old-client', version: '0.9.0' });
    await client.connect(clientSide);
    cleanups.push(
      () => client.close(),
      () => handle.close(),
    );
    expect(client.getProtocolEra()).toBe('legacy');
    expect((await client.listResources()).resources.length).toBeGreaterThanOrEqual(50);
  });

  it('lists a catalog whose sizes match what reading returns', async () => {
    const client = await connectViaServeStdio();
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThanOrEqual(50);
    expect(resources.length).toBeLessThanOrEqual(200);
    const sized = resources.filter((resource) => resource.size !== undefined);
    expect(sized.length).toBeGreaterThan(resources.length * 0.9);
    for (const resource of sized)
      expect(byteLength(await client.readResource({ uri: resource.uri })), resource.uri).toBe(
        resource.size,
      );
    const logo = await client.readResource({ uri: 'design://assets/logo.png' });
    expect(logo.contents[0]).toMatchObject({
      mimeType: 'image/png',
      blob: expect.stringMatching(/^iVBORw0KGgo/),
    });
  });

  it('shows every annotation variant in the listing', async () => {
    const client = await connectViaServeStdio();
    const { resources } = await client.listResources();
    const priorities = resources.map((resource) => resource.annotations?.priority);
    expect(priorities).toContain(0);
    expect(priorities).toContain(1);
    const audiences = new Set(
      resources.map((resource) => JSON.stringify(resource.annotations?.audience ?? null)),
    );
    expect(audiences).toEqual(
      new Set(['["user"]', '["assistant"]', '["user","assistant"]', 'null']),
    );
    expect(resources.filter((resource) => resource.icons?.length).length).toBeGreaterThanOrEqual(3);
  });

  it('offers completions for every template variable', async () => {
    const client = await connectViaServeStdio();
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(
      Object.values(TEMPLATE_URIS).sort(),
    );

    expect((await completions(client, TEMPLATE_URIS.table, 'table', 'no')).sort()).toEqual([
      'note_tags',
      'notebooks',
      'notes',
    ]);
    expect(await completions(client, TEMPLATE_URIS.release, 'version', '2.3')).toEqual([
      '2.3.1',
      '2.3.0',
    ]);
    expect(await completions(client, TEMPLATE_URIS.token, 'group', 'c')).toEqual(['color']);
    // The token list follows the group the user already picked.
    expect(
      await completions(client, TEMPLATE_URIS.token, 'token', 'pri', { group: 'color' }),
    ).toEqual(['primary', 'primary-hover']);
    expect(
      await completions(client, TEMPLATE_URIS.token, 'token', 'x', { group: 'spacing' }),
    ).toEqual(['xxs', 'xs', 'xl']);
    expect(await completions(client, TEMPLATE_URIS.search, 'q', 'sync')).toContain('sync');
  });

  it('reads expanded template URIs, and a search with no hits is a page, not an error', async () => {
    const client = await connectViaServeStdio();
    const table = await client.readResource({ uri: 'db://lumen/schema/tables/notebooks' });
    expect(table.contents[0]).toMatchObject({
      mimeType: 'application/sql',
      text: expect.stringContaining('CREATE TABLE notebooks'),
    });
    const search = await client.readResource({
      uri: 'docs://lumen/search?q=end-to-end%20encryption',
    });
    expect(search.contents[0]).toMatchObject({
      text: expect.stringContaining('docs://lumen/guides/advanced/encryption-at-rest.md'),
    });
    const empty = await client.readResource({ uri: 'docs://lumen/search?q=zeppelin' });
    expect(empty.contents[0]).toMatchObject({ text: expect.stringContaining('No pages match') });
  });

  it.each([
    'docs://lumen/guides/no-such-page.md',
    'db://lumen/schema/tables/no_such_table',
    'changelog://lumen/releases/9.9.9',
    'design://tokens/color/chartreuse.json',
    'gopher://elsewhere/x',
  ])('answers resource-not-found (-32602) for %s', async (uri) => {
    const client = await connectViaServeStdio();
    expect(await readError(client, uri)).toMatchObject({ code: -32602, data: { uri } });
  });

  it('delivers updates and list changes to a modern listener', async () => {
    const client = await connectViaServeStdio();
    const updated: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(
      'notifications/resources/updated',
      (notification) => void updated.push(notification.params.uri),
    );
    client.setNotificationHandler(
      'notifications/resources/list_changed',
      () => void (listChanged += 1),
    );

    const before = await client.readResource({ uri: STATUS_URI });
    const subscription = await client.listen({
      resourceSubscriptions: [STATUS_URI],
      resourcesListChanged: true,
    });
    expect(subscription.honoredFilter).toMatchObject({
      resourceSubscriptions: [STATUS_URI],
      resourcesListChanged: true,
    });

    await waitFor(() => updated.length >= 2 && listChanged >= 1, 'an update and a list change');
    expect(new Set(updated)).toEqual(new Set([STATUS_URI]));
    expect(await client.readResource({ uri: STATUS_URI })).not.toEqual(before);

    const { resources } = await client.listResources();
    const draft = resources.find((resource) => resource.uri.startsWith(DRAFTS_PREFIX));
    expect(draft).toBeDefined();
    expect(byteLength(await client.readResource({ uri: draft!.uri }))).toBe(draft!.size);
    await subscription.close();
  });

  it('tells a legacy client only about the resources it subscribed to', async () => {
    // The server's clock ticks when the test says (setInterval is the test's; the rest is real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let ticks = 0;
      const client = await connectDirectly({ now: () => ((ticks += 1), new Date()) });
      expect(client.getProtocolEra()).toBe('legacy');
      const updated: string[] = [];
      client.setNotificationHandler(
        'notifications/resources/updated',
        (notification) => void updated.push(notification.params.uri),
      );
      // Ticks, then a request answered after them: what they sent has come before its answer.
      const tick = async (count: number) => {
        const before = ticks;
        await vi.advanceTimersByTimeAsync(TICK_MS * count);
        expect(ticks - before).toBe(count);
        await client.ping();
      };

      await tick(4);
      expect(updated).toEqual([]);

      await client.subscribeResource({ uri: STATUS_URI });
      await tick(2);
      expect(updated).toEqual([STATUS_URI, STATUS_URI]);

      await client.unsubscribeResource({ uri: STATUS_URI });
      const count = updated.length;
      await tick(4);
      expect(updated.length).toBe(count);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops its clock when the connection closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let ticks = 0;
      const client = await connectViaServeStdio({
        now: () => ((ticks += 1), new Date('2026-11-01T09:00:00Z')),
      });
      await vi.advanceTimersByTimeAsync(TICK_MS * 3);
      expect(ticks).toBeGreaterThanOrEqual(3);
      await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
      expect(client.transport).toBeUndefined();
      const atClose = ticks;
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(TICK_MS * TICKS_PER_DRAFT_CHANGE * 10);
      expect(ticks).toBe(atClose);
    } finally {
      vi.useRealTimers();
    }
  });
});

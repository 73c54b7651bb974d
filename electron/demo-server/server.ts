// The built-in demo server: the Lumen catalog, four templates and a live feed, on one McpServer.
import { McpServer } from '@modelcontextprotocol/server';
import { buildCatalog } from './catalog';
import { startLiveFeed } from './live';
import { listingMetadata, readResult } from './resource-contents';
import { registerTemplates } from './templates';

/** Knobs for tests and for the app; the defaults suit a person watching the UI. */
export interface DemoServerOptions {
  /** Milliseconds between live updates. Default 4000. */
  tickMs?: number;
  /** The clock the live status page reports. Default: the system clock. */
  now?: () => Date;
}

/** Default pace of the live feed: fast enough to notice, slow enough to read. */
export const DEFAULT_TICK_MS = 4000;

/**
 * Builds one demo server instance. Serve it with `serveStdio(() => createDemoServer())`, which
 * speaks both the 2026-07-28 era and legacy `initialize` clients, or connect it to a transport
 * directly (legacy clients only: the modern `subscriptions/listen` is served by the entry).
 * Its timer stops when the connection closes.
 */
export function createDemoServer(options: DemoServerOptions = {}): McpServer {
  const server = new McpServer(
    {
      name: 'lumen-demo',
      title: 'Lumen (demo)',
      version: '1.0.0',
      // No icons here: on 2026-07-28 serverInfo is stamped onto every response, so an inline
      // data: icon would bloat each one. Resources carry icons instead.
      description:
        'A built-in sample server: the docs, design tokens, database schema and changelog of Lumen, a fictional notes app.',
    },
    {
      capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} },
      instructions:
        'Resources describe Lumen, a fictional note-taking app. Nothing here is real user data.',
    },
  );

  const catalog = buildCatalog();
  for (const entry of catalog) {
    server.registerResource(entry.name, entry.uri, listingMetadata(entry), () => readResult(entry));
  }
  registerTemplates(server, catalog);

  // Legacy revisions deliver resources/updated only for URIs the client subscribed to. The
  // 2026-07-28 era has no subscribe call: serveStdio's listen router filters for us there.
  // Only a legacy client sends notifications/initialized, so that is how we tell the eras apart.
  const subscribed = new Set<string>();
  let legacy = false;
  server.server.oninitialized = () => {
    legacy = true;
  };
  server.server.setRequestHandler('resources/subscribe', (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  const feed = startLiveFeed(server, {
    tickMs: options.tickMs ?? DEFAULT_TICK_MS,
    now: options.now ?? (() => new Date()),
    shouldNotify: (uri) => !legacy || subscribed.has(uri),
  });
  const previousOnClose = server.server.onclose;
  server.server.onclose = () => {
    feed.stop();
    previousOnClose?.();
  };
  return server;
}

/**
 * `mcp-context watch`: the timeline, as it happens, until interrupted: list changes, updates,
 * log messages, connections lost and made, and where a server breaks the spec. The same
 * entries as the app's Timeline panel. With --json, one object a line:
 * `{"time", "server", "kind", "uri"?, "detail"?, "level"?}`. Reconnects by itself, as the apps do.
 */
import type { TimelineEntry, WatchLine } from '../../shared/timeline-wire';
import type { ServerSnapshot } from '../../shared/mcp-types';
import { plural } from '../../shared/plural';
import type { Host } from '../host/host';
import { UsageError, type ParsedArgs } from './args';
import { settledSnapshot } from './settle';
import { terminalJson, terminalSafe } from './terminal';

export async function runWatch(
  host: Host,
  args: ParsedArgs,
  until: Promise<unknown>,
): Promise<number> {
  // A reader that goes away (watch | head) ends the watch as an interrupt does.
  let readerGone = false;
  const gone = new Promise((resolve) =>
    process.stdout.once('error', () => {
      readerGone = true;
      resolve(undefined);
    }),
  );
  // A reader slower than the servers: past 8 MB waiting, entries are dropped and counted, never
  // buffered without end.
  let dropped = 0;
  const write = (entry: TimelineEntry) => {
    if (readerGone) return;
    if (process.stdout.writableLength > 8 * 1024 * 1024) {
      dropped += 1;
      return;
    }
    if (dropped > 0) {
      process.stderr.write(
        `mcp-context: ${plural(dropped, 'entry', 'entries')} dropped: the reader is slower than the servers\n`,
      );
      dropped = 0;
    }
    process.stdout.write(`${args.json ? terminalJson(watchLine(entry)) : humanLine(entry)}\n`);
  };
  const printed = new Set<number>();
  const stop = host.timeline.onEntry((entry) => {
    printed.add(entry.seq);
    write(entry);
  });
  // A server with no stream open (HTTP, 405 to the standing GET) holds no socket, and nothing else
  // may hold the process: watch does, until interrupted. Such a server is named once, on stderr.
  const keepUp = setInterval(() => {}, 2 ** 30);
  const told = new Set<string>();
  const tellStreamRefused = (server: ServerSnapshot) => {
    if (!server.streamRefused || server.status !== 'connected' || told.has(server.id)) return;
    told.add(server.id);
    process.stderr.write(
      `mcp-context: ${terminalSafe(server.name)} keeps no stream open (it answered the standing GET with HTTP 405): list changes, updates and log lines it would send unasked cannot reach watch\n`,
    );
  };
  const stopEvents = host.onEvent((event) => {
    if (event.type === 'server') tellStreamRefused(event.server);
  });
  try {
    for (const server of (await host.getSnapshot()).servers) tellStreamRefused(server);
    // What happened while connecting comes first, then everything as it comes.
    for (const entry of host.timeline.entries()) if (!printed.has(entry.seq)) write(entry);
    // Ctrl+C works while servers still connect and list.
    const snapshot = await Promise.race([
      settledSnapshot(host),
      until.then(() => undefined),
      gone.then(() => undefined),
    ]);
    if (!snapshot) return 0;
    // Each URI on the servers that list it, or on the one server connected (a URI made from a
    // template is listed nowhere); a server's set goes in one call.
    const wanted = new Map<string, string[]>();
    const connected = snapshot.servers
      .filter((server) => server.status === 'connected')
      .map((server) => server.id);
    for (const uri of args.subscribes) {
      const listing = snapshot.catalogs
        .filter((catalog) => catalog.resources.some((resource) => resource.uri === uri))
        .map((catalog) => catalog.serverId);
      const servers = listing.length > 0 ? listing : connected.length === 1 ? connected : [];
      if (servers.length === 0)
        throw new UsageError(`--subscribe ${uri}: no connected server lists it`);
      for (const serverId of servers) wanted.set(serverId, [...(wanted.get(serverId) ?? []), uri]);
    }
    for (const [serverId, uris] of wanted) {
      const server = snapshot.servers.find((candidate) => candidate.id === serverId);
      const resources = server?.capabilities?.resources as { subscribe?: unknown } | undefined;
      if (resources?.subscribe !== true)
        process.stderr.write(
          `mcp-context: ${terminalSafe(server?.name ?? serverId)} does not declare resources.subscribe: it will not push updates\n`,
        );
      await host.watchResources(serverId, uris);
    }
    await Promise.race([until, gone]);
    return 0;
  } finally {
    clearInterval(keepUp);
    stopEvents();
    stop();
    if (dropped > 0)
      process.stderr.write(
        `mcp-context: ${plural(dropped, 'entry', 'entries')} dropped: the reader is slower than the servers\n`,
      );
  }
}

function watchLine(entry: TimelineEntry): WatchLine {
  return {
    time: new Date(entry.time).toISOString(),
    server: entry.server,
    kind: entry.kind,
    ...(entry.uri !== undefined && { uri: entry.uri }),
    ...(entry.detail !== undefined && { detail: entry.detail }),
    ...(entry.level !== undefined && { level: entry.level }),
  };
}

function humanLine(entry: TimelineEntry): string {
  const date = new Date(entry.time);
  const time = `${date.toLocaleTimeString('en-GB')}.${String(date.getMilliseconds()).padStart(3, '0')}`;
  return [
    time,
    entry.server,
    entry.level ? `${entry.kind}:${entry.level}` : entry.kind,
    entry.uri ?? '',
    entry.detail ?? '',
  ]
    .map(terminalSafe)
    .join('  ')
    .trimEnd();
}

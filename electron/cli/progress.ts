/**
 * Progress on a terminal for a listing that takes more than a second: one line on stderr,
 * rewritten in place each second, with what each server has listed so far, and cleared once
 * nothing is listing. Only when stderr is a terminal: piped, stderr stays the warnings alone.
 */
import type { HostApi } from '../../shared/host-api';
import { pageProgressText } from '../../shared/catalog/page-progress';
import { plural } from '../../shared/plural';
import { terminalSafe } from './terminal';

const EVERY_MS = 1000;
const CLEAR = '\r\u001b[2K';

/** Starts showing progress on `stream`; returns the stop, which clears the line. */
export function showListingProgress(
  host: Pick<HostApi, 'getSnapshot'>,
  stream: NodeJS.WriteStream = process.stderr,
): () => void {
  if (!stream.isTTY) return () => {};
  let shown = false;
  let stopped = false;
  // Anything else written (the command's output, a warning) clears the line first, so nothing is
  // glued to it.
  const write = stream.write.bind(stream);
  const clearing = <T extends (...args: never[]) => boolean>(original: T): T =>
    ((...args: Parameters<T>) => {
      if (shown) {
        write(CLEAR);
        shown = false;
      }
      return original(...args);
    }) as T;
  const outs = [process.stdout, stream] as const;
  const originals = outs.map((out) => out.write);
  outs.forEach((out, at) => (out.write = clearing((originals[at] as typeof out.write).bind(out))));
  const tick = async () => {
    const snapshot = await host.getSnapshot();
    if (stopped) return;
    const names = new Map(snapshot.servers.map((server) => [server.id, server.name]));
    const listing = snapshot.catalogs.filter(
      (catalog) => catalog.status === 'listing' || catalog.relisting,
    );
    if (listing.length === 0) {
      if (shown) write(CLEAR);
      shown = false;
      return;
    }
    const parts = listing.map(
      (catalog) =>
        `${terminalSafe(names.get(catalog.serverId) ?? catalog.serverId).slice(0, 40)}: ${plural(catalog.resources.length, 'resource')}, page ${(catalog.relisting?.pages ?? catalog.pages).toLocaleString('en-US')}${catalog.progress ? `, ${pageProgressText(catalog.progress)}` : ''}`,
    );
    write(
      `${CLEAR}listing ${parts.join('; ')}…`.slice(0, (stream.columns || 120) + CLEAR.length - 1),
    );
    shown = true;
  };
  const timer = setInterval(() => void tick().catch(() => {}), EVERY_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    outs.forEach((out, at) => (out.write = originals[at] as typeof out.write));
    if (shown) write(CLEAR);
    shown = false;
  };
}

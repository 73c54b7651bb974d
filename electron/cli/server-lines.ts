/**
 * Why a server is down, in one line for the terminal: the host's reason, and the last lines
 * it wrote to stderr (a server that exits before the handshake usually says why there), as the
 * app's card shows them. And `--verbose`: every line a server writes to stderr, as it comes.
 */
import type { Host } from '../host/host';
import type { ServerSnapshot } from '../../shared/mcp-types';
import { terminalSafe } from './terminal';

/** Lines of a server's stderr quoted in an error, at most, each cut this short. */
const QUOTED_LINES = 3;
const QUOTED_LENGTH = 200;

/** The reason, then `; its stderr ended: "…" / "…"`, terminal-safe, one line. */
export function whyDown(server: Pick<ServerSnapshot, 'disconnect'>): string {
  const reason = server.disconnect?.reason ?? 'not connected';
  const said = (server.disconnect?.stderrTail ?? [])
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(-QUOTED_LINES);
  const tail =
    said.length > 0
      ? `; its stderr ended: ${said.map((line) => JSON.stringify(line.slice(0, QUOTED_LENGTH))).join(' / ')}`
      : '';
  return terminalSafe(`${reason}${tail}`);
}

/** Passes every server's stderr through to ours, a line at a time, named: `[name] line`. */
export function passStderrThrough(host: Host): () => void {
  return host.onEvent((event) => {
    if (event.type !== 'stderr') return;
    const name = host.trace.nameOf(event.serverId);
    for (const line of event.lines)
      process.stderr.write(`[${terminalSafe(name)}] ${terminalSafe(line)}\n`);
  });
}

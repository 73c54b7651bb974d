import { deriveServerName } from '../../../shared/config/server-name';
import type { ServerSnapshot } from '../../../shared/mcp-types';

/**
 * How it is reached; env and header values arrive redacted from the host. A command line is shown
 * with its files by their names (no folder says whose machine it is); `whole` gives it as run.
 */
export function transportSummary(server: ServerSnapshot, whole = false): string {
  const transport = server.transport;
  if (transport.kind === 'stdio')
    return whole
      ? [transport.command, ...transport.args].join(' ')
      : deriveServerName(transport.command, transport.args);
  // What answered, while connected: a Streamable HTTP URL may have been reached over SSE.
  if (transport.kind === 'http' && server.status === 'connected' && server.wire === 'sse')
    return `SSE (Streamable HTTP was refused) ${transport.url}`;
  // No standing stream: nothing it would say unasked (list changes, updates) can come.
  if (transport.kind === 'http' && server.status === 'connected' && server.streamRefused)
    return `Streamable HTTP, no stream for changes (GET refused) ${transport.url}`;
  return `${transport.kind === 'http' ? 'Streamable HTTP' : 'SSE'} ${transport.url}`;
}

import type { ServerSnapshot } from '../../../shared/mcp-types';

/** How it is reached; env and header values arrive redacted from the host. */
export function transportSummary(server: ServerSnapshot): string {
  const transport = server.transport;
  if (transport.kind === 'stdio') return [transport.command, ...transport.args].join(' ');
  // What answered, while connected: a Streamable HTTP URL may have been reached over SSE.
  if (transport.kind === 'http' && server.status === 'connected' && server.wire === 'sse')
    return `SSE (Streamable HTTP was refused) ${transport.url}`;
  // No standing stream: nothing it would say unasked (list changes, updates) can come.
  if (transport.kind === 'http' && server.status === 'connected' && server.streamRefused)
    return `Streamable HTTP, no stream for changes (GET refused) ${transport.url}`;
  return `${transport.kind === 'http' ? 'Streamable HTTP' : 'SSE'} ${transport.url}`;
}

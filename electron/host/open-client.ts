/**
 * Opens an MCP client over the transport a config names, in either protocol era.
 * Streamable HTTP falls back to legacy SSE where the server refuses it.
 */
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { ServerTransportConfig } from '../../shared/mcp-types';
import { ProcessStdioTransport } from './stdio-transport';
import { tracedTransport, type TraceTap } from './traced-transport';

/** Who we say we are in `initialize` and `server/discover`. */
export const CLIENT_INFO = { name: 'mcp-context-inspector', version: '0.1.0' };

/** A connected client and the transport under it. */
export interface OpenedClient {
  client: Client;
  transport: Transport;
  /** Which wire transport was used in the end, e.g. "sse" after a fallback. */
  wire: 'stdio' | 'streamable-http' | 'sse' | 'in-process';
}

export interface OpenClientOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with the stdio transport before it starts, so no stderr line is missed. */
  onStdioTransport?(transport: ProcessStdioTransport): void;
  /** A transport made by the embedding code (tests: an in-memory pair) instead of the config's. */
  transport?: Transport;
  /** Told every message, both ways (the protocol trace). */
  trace?: TraceTap;
}

function newClient(timeoutMs: number): Client {
  return new Client(CLIENT_INFO, {
    capabilities: {},
    // 'auto' speaks 2026-07-28 where the server does, and falls back to initialize.
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: Math.min(timeoutMs, 10_000) } },
    // We page ourselves; this only guards the SDK's own aggregate helpers, which we never call.
    listMaxPages: 64,
  });
}

async function connectOver(transport: Transport, options: OpenClientOptions): Promise<Client> {
  const client = newClient(options.timeoutMs);
  try {
    await client.connect(options.trace ? tracedTransport(transport, options.trace) : transport, { timeout: options.timeoutMs, signal: options.signal });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}

/** Connects; rejects with the SDK's or the transport's error. */
export async function openClient(config: ServerTransportConfig, options: OpenClientOptions): Promise<OpenedClient> {
  if (options.transport) return { client: await connectOver(options.transport, options), transport: options.transport, wire: 'in-process' };
  if (config.kind === 'stdio') {
    const launch = { command: config.command, args: config.args, ...(config.env && { env: config.env }), ...(config.cwd && { cwd: config.cwd }) };
    const transport = new ProcessStdioTransport(launch);
    options.onStdioTransport?.(transport);
    return { client: await connectOver(transport, options), transport, wire: 'stdio' };
  }
  const url = new URL(config.url);
  const requestInit = { headers: { ...config.headers } };
  if (config.kind === 'sse') {
    const transport = new SSEClientTransport(url, { requestInit });
    return { client: await connectOver(transport, options), transport, wire: 'sse' };
  }
  const streamable = new StreamableHTTPClientTransport(url, { requestInit });
  try {
    return { client: await connectOver(streamable, options), transport: streamable, wire: 'streamable-http' };
  } catch (streamableError) {
    if (options.signal?.aborted || !refusedByServer(streamableError)) throw streamableError;
    // The 2024-11-05 HTTP+SSE transport: servers that predate Streamable HTTP answer 4xx to its POST.
    const sse = new SSEClientTransport(url, { requestInit });
    try {
      return { client: await connectOver(sse, options), transport: sse, wire: 'sse' };
    } catch {
      throw streamableError;
    }
  }
}

/** True when the server answered, but not as a Streamable HTTP endpoint (404, 405, 400…). */
function refusedByServer(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|timed out|timeout/i.test(message)) return false;
  if (/\b(401|403)\b/.test(message)) return false;
  return /\b(400|404|405|406|415)\b|Not Found|Method Not Allowed|unexpected content type/i.test(message);
}

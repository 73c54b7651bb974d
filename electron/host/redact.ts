/**
 * Header and environment values often hold credentials; snapshots that leave the host
 * (to a renderer, a log, a capture) carry only their names.
 */
import type { ServerTransportConfig } from '../../shared/mcp-types';

const HIDDEN = '••••';

function redactValues(record: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.keys(record).map((key) => [key, HIDDEN]));
}

/** The transport config with every header and env value replaced by a mask. */
export function redactTransport(transport: ServerTransportConfig): ServerTransportConfig {
  if (transport.kind === 'stdio') {
    const env = redactValues(transport.env);
    return { ...transport, args: [...transport.args], ...(env && { env }) };
  }
  const headers = redactValues(transport.headers);
  return { ...transport, ...(headers && { headers }) };
}

/** Turns whatever a HostApi call rejected with into one line for the user. */
import type { HostErrorCode } from '../../shared/host-api';

export interface ErrorText {
  code: HostErrorCode | 'unknown';
  message: string;
}

const CODES = new Set<string>([
  'invalid-input', 'unknown-server', 'unknown-resource', 'spec-violation', 'timeout',
  'cancelled', 'disconnected', 'not-supported', 'server-error', 'internal',
]);

/** The HostError's message, with the JSON-RPC code appended when the server sent one. */
export function describeError(error: unknown): ErrorText {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, code, rpcCode } = error as { message: unknown; code?: unknown; rpcCode?: unknown };
    const text = String(message);
    const suffix = typeof rpcCode === 'number' && !text.includes(`(${rpcCode})`) ? ` (${rpcCode})` : '';
    return { code: typeof code === 'string' && CODES.has(code) ? (code as HostErrorCode) : 'unknown', message: text + suffix };
  }
  return { code: 'unknown', message: String(error) };
}

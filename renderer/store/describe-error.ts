/** Turns whatever a HostApi call rejected with into one line for the user. */
import { isHostErrorCode, type HostErrorCode } from '../../shared/host-error';

export interface ErrorText {
  code: HostErrorCode | 'unknown';
  message: string;
}

/** The HostError's message, with the JSON-RPC code appended when the server sent one. */
export function describeError(error: unknown): ErrorText {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, code, rpcCode } = error as {
      message: unknown;
      code?: unknown;
      rpcCode?: unknown;
    };
    const text = String(message);
    const suffix =
      typeof rpcCode === 'number' && !text.includes(`(${rpcCode})`) ? ` (${rpcCode})` : '';
    return { code: isHostErrorCode(code) ? code : 'unknown', message: text + suffix };
  }
  return { code: 'unknown', message: String(error) };
}

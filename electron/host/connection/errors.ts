/**
 * Turns what the SDK throws into the {@link HostError}s every face shows: one line a
 * person understands, and a stable code.
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { HostError } from '../../../shared/host-error';

/** -32602 since 2026-07-28; -32002 was the legacy suggestion. Clients should accept both. */
const UNKNOWN_RESOURCE_CODES = new Set([-32602, -32002]);

function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

/**
 * Maps an error from one request.
 * @param what the request as the user knows it, e.g. "resources/read demo://a"
 * @param uri set for reads, where -32602/-32002 means "unknown resource"
 */
export function toHostError(
  error: unknown,
  what: string,
  timeoutMs: number,
  uri?: string,
): HostError {
  if (error instanceof HostError) return error;
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return new HostError('timeout', `${what} timed out after ${seconds(timeoutMs)}`);
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return new HostError(
          'disconnected',
          `${what} failed: the server is gone (${error.message})`,
        );
      case SdkErrorCode.CapabilityNotSupported:
        return new HostError('not-supported', `${what}: ${error.message}`);
      default:
        return new HostError('server-error', `${what} failed: ${error.message}`);
    }
  }
  if (error instanceof ProtocolError) {
    const code = wireCode(error);
    if (uri !== undefined && UNKNOWN_RESOURCE_CODES.has(code)) {
      return new HostError('unknown-resource', `unknown resource: ${uri} (${code})`, code);
    }
    return new HostError(
      'server-error',
      `${what} failed with error ${code}: ${stripPrefix(error.message)}`,
      code,
    );
  }
  if (error instanceof Error && (error.name === 'AbortError' || /abort/i.test(error.message))) {
    return new HostError('cancelled', `${what} was cancelled`);
  }
  return new HostError(
    'internal',
    `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/**
 * The code the server really sent. The SDK maps a legacy -32002 onto its
 * ResourceNotFoundError (code -32602) but keeps the wire code in the message.
 */
function wireCode(error: ProtocolError): number {
  const match = /^MCP error (-?\d+):/.exec(error.message);
  return match ? Number(match[1]) : error.code;
}

function stripPrefix(message: string): string {
  return message.replace(/^MCP error -?\d+:\s*/, '').slice(0, 500);
}

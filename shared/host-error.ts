/**
 * The one error shape of the HostApi, on every face. It sits at the bottom of shared/ beside
 * mcp-types.ts and imports nothing, so a face can decode errors without the contract.
 */

/**
 * Every code a HostApi call can fail with. The type is derived from this list, so a check of
 * a code that crossed a channel and the type can never disagree.
 */
export const HOST_ERROR_CODES = [
  'invalid-input',
  'unknown-server',
  'unknown-resource',
  'spec-violation',
  'timeout',
  'cancelled',
  'disconnected',
  'not-supported',
  'server-error',
  'internal',
] as const;

/** Error codes a HostApi call can fail with. */
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

const codes: ReadonlySet<string> = new Set(HOST_ERROR_CODES);

/** True when `code` is one of {@link HOST_ERROR_CODES}. */
export function isHostErrorCode(code: unknown): code is HostErrorCode {
  return typeof code === 'string' && codes.has(code);
}

/** The shape every failed HostApi call rejects with, on every face. */
export interface HostErrorData {
  code: HostErrorCode;
  message: string;
  /** The JSON-RPC error code, where the server sent one. */
  rpcCode?: number;
}

/** An Error that carries a {@link HostErrorCode}; what every HostApi method rejects with. */
export class HostError extends Error implements HostErrorData {
  readonly code: HostErrorCode;
  readonly rpcCode?: number;
  constructor(code: HostErrorCode, message: string, rpcCode?: number) {
    super(message);
    this.name = 'HostError';
    this.code = code;
    if (rpcCode !== undefined) this.rpcCode = rpcCode;
  }
  toJSON(): HostErrorData {
    return this.rpcCode === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, rpcCode: this.rpcCode };
  }
}

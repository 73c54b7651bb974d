/**
 * The headline of a failed read, by error code: what happened, in words, before the host's own
 * message. Pure.
 */

const HEADLINES: Record<string, string> = {
  'unknown-resource': 'The server does not know this resource',
  timeout: 'The server did not answer in time',
  disconnected: 'The server is gone',
  'unknown-server': 'This server is no longer configured',
  'not-supported': 'The server does not support reading resources',
  'spec-violation': 'The server answered with something that breaks the MCP spec',
  'server-error': 'The server reported an error',
  'invalid-input': 'The request was refused as invalid',
  internal: 'The inspector failed while reading',
};

/**
 * "The server does not know this resource" for `unknown-resource`; a generic line for anything
 * else.
 */
export function readErrorHeadline(code: string): string {
  return HEADLINES[code] ?? 'Could not read the resource';
}

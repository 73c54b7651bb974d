/**
 * What each step of a sign-in is called, the same on every face (the Auth panel, `mcp-context
 * login`).
 */
import type { AuthStepKind } from './mcp-types';

export const AUTH_STEP_TITLES: Record<AuthStepKind, string> = {
  'resource-metadata': 'Protected resource metadata',
  'server-metadata': 'Authorization server metadata',
  client: 'Client',
  authorize: 'Sign-in in the browser',
  token: 'Tokens',
  connect: 'Connection',
};

/**
 * The built-in demo server, started when nothing is configured. It is our own bundled
 * script, run with the runtime that runs us (Node, or Electron as Node).
 */
import type { ServerConfig } from '../../shared/mcp-types';

/** The name the demo server is shown under. */
export const DEMO_SERVER_NAME = 'Demo: Lumen docs';

/** The stdio config that starts the demo server. */
export function demoServerConfig(runtime: {
  execPath: string;
  script: string;
  env?: Record<string, string>;
}): ServerConfig {
  return {
    name: DEMO_SERVER_NAME,
    transport: {
      kind: 'stdio',
      command: runtime.execPath,
      args: [runtime.script],
      ...(runtime.env && { env: runtime.env }),
    },
  };
}

/**
 * What the apps' host (the desktop app and `mcp-context serve`) has that the CLI's does not:
 * the working session kept on disk, token counting off the main thread, and reconnecting by itself.
 */
import { dirname, join } from 'node:path';
import type { HostOptions } from './host';
import { defaultSessionFile } from './store/session-store';
import { createTokenPool } from './context/token-pool';

/** The apps' host options, and what to close with the host. */
export function appHostOptions(env: NodeJS.ProcessEnv = process.env): {
  options: Pick<HostOptions, 'sessionFile' | 'preferencesFile' | 'countTokens' | 'reconnect'>;
  close(): Promise<void>;
} {
  const pool = createTokenPool();
  const sessionFile = defaultSessionFile(env);
  return {
    // A server that goes away is reconnected by itself (reconnector.ts); the preferences sit beside
    // the session.
    options: {
      sessionFile,
      preferencesFile: join(dirname(sessionFile), 'preferences.json'),
      countTokens: (text, encoding) => pool.count(text, encoding),
      reconnect: {},
    },
    close: () => pool.close(),
  };
}

/**
 * What the apps' host (the desktop app and `mcp-context serve`) has that the CLI's does not:
 * the working session kept on disk, and token counting off the main thread.
 */
import type { HostOptions } from './host';
import { defaultSessionFile } from './session-store';
import { createTokenPool } from './token-pool';

/** The apps' host options, and what to close with the host. */
export function appHostOptions(env: NodeJS.ProcessEnv = process.env): { options: Pick<HostOptions, 'sessionFile' | 'countTokens'>; close(): Promise<void> } {
  const pool = createTokenPool();
  return {
    options: { sessionFile: defaultSessionFile(env), countTokens: (text, encoding) => pool.count(text, encoding) },
    close: () => pool.close(),
  };
}

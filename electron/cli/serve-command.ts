/** `mcp-context serve`: browser mode, until Ctrl+C. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Host } from '../host/host';
import { startBrowserMode } from '../web/serve';
import type { WebSignInRoutes } from '../web/sign-in-routes';
import { UsageError, type ParsedArgs } from './args';

/** Serves until SIGINT or SIGTERM; the URL (with its token) is the one line on stdout. */
export async function runServe(
  host: Host,
  args: ParsedArgs,
  rendererDir: string,
  signInRoutes?: WebSignInRoutes,
): Promise<number> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new UsageError('the renderer is not built; run "npm run build"');
  const handle = await startBrowserMode({
    host,
    rendererDir,
    captureHost: (captureId) => host.captureHost(captureId),
    ...(signInRoutes && { signInRoutes }),
    ...(args.port !== undefined && { port: args.port }),
  });
  process.stdout.write(`MCP Context Inspector is serving browser mode. Open:\n${handle.url}\n`);
  process.stderr.write(
    'Only this machine can reach it, and only with the token above. Ctrl+C stops it.\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await handle.close();
  return 0;
}

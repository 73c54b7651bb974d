/**
 * The CLI in a test, and the test as the user's browser for `login` (the OAuth fixture approves
 * at once): cli-login.test.ts and the sign-in tests after it.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appSignIn } from '../../electron/host/auth/oauth-kept';
import { createOAuthStore } from '../../electron/host/auth/oauth-store';
import { createHost } from '../../electron/host/host';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-context` with `env` added to this process's. */
export function cli(args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      ['bin/mcp-context.mjs', ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** A sign-ins file of the test's own. */
export async function signInsEnv(): Promise<{ MCP_CONTEXT_SIGN_INS: string }> {
  return {
    MCP_CONTEXT_SIGN_INS: join(await mkdtemp(join(tmpdir(), 'mcp-sign-ins-')), 'sign-ins.json'),
  };
}

/**
 * `login URL [args]`, with the test as the browser: `browse` is given the URL it prints.
 */
export function login(
  url: string,
  env: Record<string, string>,
  browse: (signInUrl: URL) => Promise<void>,
  args: string[] = [],
): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ['bin/mcp-context.mjs', 'login', '--no-browser', url, ...args],
      { env: { ...process.env, ...env } },
    );
    let stderr = '';
    let browsed = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const at = /^ {2}(http\S+)$/m.exec(stderr)?.[1];
      if (at && !browsed) {
        browsed = true;
        void browse(new URL(at));
      }
    });
    child.on('close', (code) => done({ code: code ?? 1, stderr }));
  });
}

/** The browser: the authorization server approves and redirects to the CLI's loopback callback. */
export async function followRedirect(signInUrl: URL): Promise<void> {
  const approved = await fetch(signInUrl, { redirect: 'manual' });
  await fetch(approved.headers.get('location') as string);
}

/**
 * A host as the desktop app runs one, for a remote server at `url`: sign-ins kept in a file of a
 * fresh folder, and the system's browser played by the test (approved at once). `server()` is its
 * snapshot now; `id` its id.
 */
export async function appHost(url: string) {
  const file = join(await mkdtemp(join(tmpdir(), 'mcp-app-sign-in-')), 'sign-ins.json');
  const host = createHost({
    servers: [{ name: 'remote', transport: { kind: 'http', url } }],
    signIns: createOAuthStore(file),
    signInHow: appSignIn,
    heartbeatMs: 0,
    openBrowser: (at) => void followRedirect(at),
  });
  await host.ready;
  const server = async () => (await host.getSnapshot()).servers[0];
  const id = (await server())?.id as string;
  return { host, id, server };
}

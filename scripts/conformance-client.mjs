#!/usr/bin/env node
// The client under test for the official MCP conformance suite (scripts/conformance.mjs runs the
// suite, which runs this with the scenario server's URL last and the scenario's name in
// $MCP_CONFORMANCE_SCENARIO). It does what a user of the mcp-context CLI would do there:
//
// - any scenario: `mcp-context list URL`, the command that connects and lists;
// - an authorization scenario (auth/…): `mcp-context login --no-browser URL` first, with this
//   script as the user's browser: it opens the address the CLI prints and follows the
//   authorization server's redirects back to the CLI's loopback callback (the suite's
//   authorization servers approve at once). Then `list`, twice: now, and later from a new process
//   with the sign-in kept. Where `list` fails saying to sign in again with a `mcp-context login …`
//   command (a step-up, a sign-in that is over), that command is run once, as the user would,
//   and `list` again.
//
// What a scenario hands the client ($MCP_CONFORMANCE_CONTEXT) goes in as the user would give it:
// a pre-registered client's id with --client-id, its secret in $MCP_CONTEXT_CLIENT_SECRET (a
// machine client's with --client-credentials: no browser then).
// Sign-ins are kept where $MCP_CONTEXT_SIGN_INS says (the runner gives each scenario its own).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../bin/mcp-context.mjs', import.meta.url));
const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
/** The suite's stand-in for a client metadata document (its reference client uses the same). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** Runs the CLI; its output goes on to the suite's log. Resolves with its status and stderr. */
function run(args, { env = {}, onStderr } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
      onStderr?.(stderr);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/**
 * The browser: opens the authorization URL and follows redirects until one reaches the CLI's
 * loopback callback, which is opened too. Only http(s) addresses are followed.
 */
async function browse(address) {
  let at = new URL(address);
  for (let hop = 0; hop < 10; hop += 1) {
    if (at.protocol !== 'http:' && at.protocol !== 'https:') return;
    const response = await fetch(at, { redirect: 'manual' }).catch(() => undefined);
    if (!response) return;
    await response.body?.cancel().catch(() => {});
    const next = response.headers.get('location');
    if (!next || response.status < 300 || response.status >= 400) return;
    at = new URL(next, at);
  }
}

/** `login`, with this script as the browser for the address it prints. */
function login(args) {
  let browsed = false;
  const env = context.client_secret ? { MCP_CONTEXT_CLIENT_SECRET: context.client_secret } : {};
  // A machine client uses no browser, and says so when told not to open one.
  const browser = args.includes('--client-credentials') ? [] : ['--no-browser'];
  return run(['login', ...browser, ...args], {
    env,
    onStderr: (stderr) => {
      const address = /^ {2}(https?:\/\/\S+)$/m.exec(stderr)?.[1];
      if (address && !browsed) {
        browsed = true;
        void browse(address);
      }
    },
  });
}

/** The `mcp-context login …` command a failure says to run, as its arguments. */
function suggestedLogin(stderr) {
  const said = /\(mcp-context login (\S+)((?: --scope "[^"]*")?)\)/.exec(stderr);
  if (!said) return undefined;
  const scope = /--scope "([^"]*)"/.exec(said[2] ?? '')?.[1];
  return [said[1], ...(scope !== undefined ? ['--scope', scope] : [])];
}

async function main() {
  if (!url) throw new Error('usage: conformance-client.mjs SERVER_URL');
  if (!scenario.startsWith('auth/')) return (await run(['list', url])).code;
  const flags = [
    ...(scenario.startsWith('auth/client-credentials-') ? ['--client-credentials'] : []),
    ...(context.client_id ? ['--client-id', context.client_id] : []),
    ...(scenario === 'auth/basic-cimd' ? ['--client-metadata-url', CLIENT_METADATA_URL] : []),
  ];
  const signedIn = await login([url, ...flags]);
  if (signedIn.code !== 0) return signedIn.code;
  // Used now, and again later by a new process with the sign-in kept (the authorization server
  // may have moved meanwhile).
  let listed = await run(['list', url]);
  if (listed.code === 0) listed = await run(['list', url]);
  const again = listed.code === 0 ? undefined : suggestedLogin(listed.stderr);
  if (!again) return listed.code;
  const second = await login([...again, ...flags]);
  if (second.code !== 0) return second.code;
  return (await run(['list', url])).code;
}

process.exitCode = await main().catch((error) => {
  process.stderr.write(`conformance-client: ${error instanceof Error ? error.message : error}\n`);
  return 1;
});

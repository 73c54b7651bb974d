/**
 * A server that prints its own secrets (its env, its --token) to stderr: what the host keeps
 * and shows of it, on every face, has them replaced; so does the command line it shows.
 */
import { execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../electron/host/host';

const apiKey = 'sk-live-51HstderrSecret0123456789';
const token = 'tok-printed-0123456789abcdef';
const password = 'pw-in-url-42';
const script =
  'console.error("starting with API_KEY=" + process.env.API_KEY + " and " + process.argv.slice(1).join(" ")); process.exit(3)';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('secrets a server prints', () => {
  it('never reach its snapshot: the stderr tail, why it is down, nor the command line shown', async () => {
    host = createHost({
      servers: [
        {
          name: 'leaky',
          transport: {
            kind: 'stdio',
            command: process.execPath,
            args: ['-e', script, '--', '--token', token, `postgres://app:${password}@db/app`],
            env: { API_KEY: apiKey },
          },
        },
      ],
    });
    await host.ready;
    const [server] = (await host.getSnapshot()).servers;
    expect(server?.status).toBe('disconnected');
    const shown = JSON.stringify(server);
    expect(shown).toContain(
      'starting with API_KEY=[redacted] and --token [redacted] postgres://app:[redacted]@db/app',
    );
    expect(shown).not.toContain(apiKey);
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(password);
    expect(server?.transport).toMatchObject({
      args: ['-e', script, '--', '--token', '[redacted]', 'postgres://[redacted]@db/app'],
    });
  });

  it("nor the CLI's error line, nor --verbose", async () => {
    const run = await new Promise<{ stderr: string }>((done) =>
      execFile(
        process.execPath,
        [
          'bin/mcp-context.mjs',
          'list',
          '--verbose',
          '-e',
          `API_KEY=${apiKey}`,
          '--',
          process.execPath,
          '-e',
          script,
          '--',
          '--token',
          token,
        ],
        (_error, _stdout, stderr) => done({ stderr }),
      ),
    );
    expect(run.stderr).toContain('starting with API_KEY=[redacted]');
    expect(run.stderr).not.toContain(apiKey);
    expect(run.stderr).not.toContain(token);
  });
});

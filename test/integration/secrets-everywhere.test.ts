/**
 * One redaction, wherever output is made: a server that repeats its own config's secrets (an API
 * key in its env, a password inside an env URL) in a log line and in a resource's text. The
 * timeline (watch --json), the trace, the assembled context, a capture and a check report hold
 * neither.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand, runCli } from './harness';

const apiKey = 'sk-live-echoSecret0123456789abc';
const dbPassword = 'dbpass-0123456789';
const env = ['-e', `API_KEY=${apiKey}`, '-e', `DB_URL=postgres://app:${dbPassword}@db/app`];
const server = fixtureCommand('echo-secrets-server.ts');
const redacted = 'API_KEY=[redacted] to postgres://app:[redacted]@db/app';

const run = (args: string[]) => runCli(...args);

const expectHidden = (text: string) => {
  expect(text).not.toContain(apiKey);
  expect(text).not.toContain(dbPassword);
};

describe('secrets a server repeats', () => {
  it('are hidden in the assembled context, its trace and a capture', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-secrets-'));
    const trace = join(dir, 'trace.jsonl');
    const assembled = await run([
      'assemble',
      '--include',
      'echo://env',
      '--trace',
      trace,
      ...env,
      ...server,
    ]);
    expect(assembled.code).toBe(0);
    expect(assembled.stdout).toContain(`connecting with ${redacted}`);
    expectHidden(assembled.stdout + assembled.stderr);
    const traced = await readFile(trace, 'utf8');
    expect(traced).toContain('notifications/message');
    expectHidden(traced);

    const file = join(dir, 'capture.json');
    const captured = await run([
      'capture',
      '-o',
      file,
      '--include',
      'echo://env',
      ...env,
      ...server,
    ]);
    expect(captured.code).toBe(0);
    const capture = await readFile(file, 'utf8');
    expect(capture).toContain(redacted);
    expectHidden(capture);
  });

  it('are hidden in the timeline, as watch --json prints it', async () => {
    const child = spawn(
      process.execPath,
      ['bin/mcp-context.mjs', 'watch', '--json', ...env, ...server],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for await (const chunk of child.stdout) {
      out += (chunk as Buffer).toString();
      if (out.includes('"kind":"log"') && out.endsWith('\n')) break;
    }
    child.kill('SIGINT');
    await exited;
    const log = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; detail?: string })
      .find((line) => line.kind === 'log');
    expect(log?.detail).toBe(`db: connecting with ${redacted}`);
    expectHidden(out + stderr);
  });

  it('are hidden in a check report, as --json and --junit write it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-secrets-check-'));
    const junit = join(dir, 'check.xml');
    const checked = await run(['check', '--json', '--junit', junit, ...env, ...server]);
    // The report quotes the server's answers as evidence: its echo of the secrets among them.
    expect(checked.stdout).toContain(redacted);
    expectHidden(checked.stdout + checked.stderr);
    expectHidden(await readFile(junit, 'utf8'));
  });
});

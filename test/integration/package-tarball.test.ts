/**
 * The package as a user gets it: `npm pack`, a global install of the tarball into a fresh
 * prefix, then both commands from a folder that is not the checkout (list, assemble, serve),
 * and `npx --package=TARBALL`. The tarball holds what runs and nothing else, and installs
 * without a warning on the Node the README names.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from './harness';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    // No CI variable of ours leaks in; npm's own cache is kept, so nothing new is downloaded.
    execFile(
      command,
      args,
      {
        cwd,
        maxBuffer: 32 * 1024 * 1024,
        env: {
          ...process.env,
          npm_config_update_notifier: 'false',
          npm_config_fund: 'false',
          npm_config_audit: 'false',
        },
      },
      (error, stdout, stderr) =>
        done({
          code: error ? Number((error as NodeJS.ErrnoException).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

const repo = resolve('.');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** `serve` from the installed package: the URL it prints, fetched with its token. */
function serveOnce(bin: string, cwd: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const child = spawn(bin, ['serve', '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(
      () => (child.kill('SIGTERM'), fail(new Error(`serve printed no URL: ${out}`))),
      WAIT_MS,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(out)?.[0];
      if (!url) return;
      clearTimeout(timer);
      fetch(url)
        .then(async (response) => ({ status: response.status, body: await response.text() }))
        .then(done, fail)
        .finally(() => child.kill('SIGTERM'));
    });
  });
}

describe('the package, installed from its tarball', () => {
  it('holds what runs, installs cleanly, and works from any folder', async () => {
    const work = await mkdtemp(join(tmpdir(), 'mcp-package-'));
    const prefix = join(work, 'prefix');
    const elsewhere = await mkdtemp(join(tmpdir(), 'mcp-elsewhere-'));
    // npm test built out/ just before; `npm pack` alone builds it first (prepack).
    const packed = await run(
      npm,
      ['pack', '--ignore-scripts', '--pack-destination', work, '--json'],
      repo,
    );
    expect(packed.code, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout) as {
      filename: string;
      size: number;
      files: { path: string }[];
    }[];
    const files = info?.files.map((file) => file.path) ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/mcp-context.mjs',
        'out/cli.mjs',
        'out/demo-server.mjs',
        'out/token-worker.mjs',
        'out/renderer/index.html',
        'README.md',
        'LICENSE',
        'package.json',
      ]),
    );
    // No tests, benchmarks, sources, source maps or docs images.
    expect(
      files.filter((path) =>
        /\.map$|^(test|bench|e2e|docs|shared|electron|renderer|scripts)\//.test(path),
      ),
    ).toEqual([]);
    expect(info?.size).toBeLessThan(2 * 1024 * 1024);
    const tarball = join(work, info?.filename as string);

    const installed = await run(
      npm,
      ['install', '--global', '--prefix', prefix, '--prefer-offline', tarball],
      elsewhere,
    );
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).not.toMatch(/EBADENGINE|install-scripts|deprecated/);
    const bin = (name: string) => join(prefix, process.platform === 'win32' ? '' : 'bin', name);
    await stat(bin('mcp-context'));

    const listed = await run(bin('mcp-context-inspector'), ['list'], elsewhere);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Demo: Lumen docs (protocol 2026-07-28, modern)');
    const assembled = await run(bin('mcp-context'), ['assemble', '--budget', '4000'], elsewhere);
    expect(assembled.code, assembled.stderr).toBe(0);
    expect(assembled.stdout).toContain('- Server: Demo: Lumen docs');
    const page = await serveOnce(bin('mcp-context-inspector'), elsewhere);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');

    const viaNpx = await run(
      npx,
      ['--yes', `--package=${tarball}`, 'mcp-context-inspector', 'list', '--json'],
      elsewhere,
    );
    expect(viaNpx.code, viaNpx.stderr).toBe(0);
    expect(
      (JSON.parse(viaNpx.stdout) as { servers: { name: string }[] }).servers.map(
        (server) => server.name,
      ),
    ).toEqual(['Demo: Lumen docs']);
  }, 180_000);
});

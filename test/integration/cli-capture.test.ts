/**
 * Capture, replay and diff as a QA engineer runs them: the built CLI against real servers
 * (the demo, our knowledge base and context servers, server-everything 2025.9.25 and 2025.1.14,
 * an HTTP server whose catalog depends on the Authorization header). (npm test builds first.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCapture, type Capture } from '../../shared/capture/capture-format';
import type { CaptureDiff } from '../../shared/capture/capture-diff';
import { sha256 } from '../../shared/capture/sha256';
import { PRIVATE_RESOURCE } from '../fixtures/legacy-fixture';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/mcp-context.mjs', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const node = (file: string) => ['--', process.execPath, '--import', 'tsx', `test/fixtures/${file}`];
const servers = {
  demo: [] as string[],
  knowledgeBase: node('knowledge-base-server.ts'),
  context: node('context-server.ts'),
  everything2025: [
    '--',
    process.execPath,
    'node_modules/server-everything-2025/dist/index.js',
    'stdio',
  ],
  everything2025January: [
    '--',
    process.execPath,
    'node_modules/server-everything-2025-01/dist/index.js',
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-capture-'));
});

async function captured(file: string): Promise<Capture> {
  const parsed = parseCapture(await readFile(file, 'utf8'));
  if ('problem' in parsed) throw new Error(parsed.problem.message);
  return parsed.capture;
}

describe('capture and replay', () => {
  it.each([
    ['the demo server', servers.demo, []],
    [
      'the knowledge base (no annotations), with a focus',
      servers.knowledgeBase,
      ['--focus', 'rotate the database credentials', '--budget', '1500'],
    ],
    ['server-everything 2025.9.25 (no annotations)', servers.everything2025, ['--budget', '3000']],
    [
      'server-everything 2025.1.14 (no annotations, a blob among its resources)',
      servers.everything2025January,
      ['--budget', '2000'],
    ],
  ])(
    '%s: assemble --from gives the bytes capture printed, offline',
    async (_name, selection, options) => {
      const file = join(dir, `${_name.split(' ')[0]}-${Math.random().toString(36).slice(2)}.json`);
      const live = await cli('capture', '-o', file, ...options, ...selection);
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout.length).toBeGreaterThan(500);
      expect(live.stderr).toMatch(/captured 1 server, \d+ contents read/);
      const capture = await captured(file);
      expect(capture.context.text).toBe(live.stdout);
      expect(capture.servers[0]?.status).toBe('connected');
      expect(capture.trace.length).toBeGreaterThan(4);
      // The replay reads only the file: the server is gone by now.
      const replayed = await cli('assemble', '--from', file);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.stdout).toBe(live.stdout);
      expect(replayed.stderr).toContain('replay: the same bytes as the context captured');
    },
  );

  it('keeps every decision and the error of a resource that cannot be read, and answers "what with another budget?"', async () => {
    const file = join(dir, 'context.json');
    const live = await cli('capture', '-o', file, '--json', '--budget', '2000', ...servers.context);
    expect(live.code, live.stderr).toBe(0);
    const replayed = await cli('assemble', '--from', file, '--json');
    expect(replayed.stdout).toBe(live.stdout);
    const report = JSON.parse(replayed.stdout) as {
      decisions: { uri: string; decision: string; reason: string }[];
    };
    expect(
      report.decisions.find((decision) => decision.uri === 'ctx://broken/gone.md'),
    ).toMatchObject({
      decision: 'unreadable',
      reason: expect.stringContaining('the disk holding it is gone'),
    });
    // Another budget, from the same contents: more goes in, nothing is read from any server.
    const wider = await cli('assemble', '--from', file, '--json', '--budget', '8000');
    const widerReport = JSON.parse(wider.stdout) as {
      used: number;
      decisions: { included: boolean }[];
    };
    expect(widerReport.decisions.filter((decision) => decision.included).length).toBeGreaterThan(
      report.decisions.filter((decision) => (decision as unknown as { included: boolean }).included)
        .length,
    );
    expect(wider.stderr).toContain('with these options the context differs from the one captured');
    // A capture of an earlier auto-include (no ranking: before 2) that decided otherwise is not
    // called edited: the replay says which ranking decided each. (Its text has its own hash.)
    const capture = await captured(file);
    expect(capture.ranking).toBe(2);
    const { ranking: _ranking, ...older } = capture;
    const earlier = join(dir, 'earlier-ranking.json');
    const earlierText = `${older.context.text}x`;
    await writeFile(
      earlier,
      JSON.stringify({
        ...older,
        context: { ...older.context, text: earlierText, sha256: sha256(earlierText) },
      }),
    );
    const again = await cli('assemble', '--from', earlier);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /^replay: the context differs from the one captured at .*: an auto-include of another version decided it \(ranking 1; this one is 2\)$/m,
    );
    expect(again.stderr).not.toContain('may have been edited');
  });

  it('refuses what it cannot do, in one line', async () => {
    expect(await cli('capture')).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('capture needs -o FILE'),
    });
    expect(await cli('capture', '-o', join(dir, 'no', 'such', 'folder', 'x.json'))).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('cannot write -o'),
    });
    expect(await cli('assemble', '--from', join(dir, 'missing.json'))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such file'),
    });
    expect(
      await cli('assemble', '--from', join(dir, 'context.json'), ...servers.context),
    ).toMatchObject({ code: 64, stderr: expect.stringContaining('takes no server selection') });
    expect(await cli('list', '-o', 'x.json')).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('-o goes with capture'),
    });
    // A capture is untrusted too: server text in it never reaches the terminal as control
    // sequences.
    const base = await captured(join(dir, 'context.json'));
    const hostile = structuredClone(base);
    hostile.servers[0]!.catalog.resources.push({
      uri: 'ctx://evil/\u001b]52;c;ZWNobyBwd25lZA==\u0007',
      name: '\u001b[2J\u001b[Hcleared',
    });
    hostile.context.text = `${hostile.context.text}\u001b]0;title\u0007\n`;
    hostile.context.sha256 = sha256(hostile.context.text);
    const hostileFile = join(dir, 'hostile.json');
    await writeFile(hostileFile, JSON.stringify(hostile));
    const shown = await cli('diff', join(dir, 'context.json'), hostileFile);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain('ctx://evil/');
    // eslint-disable-next-line no-control-regex
    expect(shown.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    // Nor does a file's own text, quoted in an error.
    const garbage = join(dir, 'garbage.json');
    await writeFile(garbage, '\u001b]0;pwned\u0007 not json');
    const refused = await cli('diff', garbage, garbage);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('cannot be used: it is not JSON');
    // eslint-disable-next-line no-control-regex
    expect(refused.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    const edited = join(dir, 'edited.json');
    await writeFile(
      edited,
      JSON.stringify({ ...(await captured(join(dir, 'context.json'))), version: 9 }),
    );
    expect(await cli('assemble', '--from', edited)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('version 9 capture, written by a newer'),
    });
  });
});

describe('secrets and credentials', () => {
  let http: HttpFixture;
  const token = 'tok-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
  beforeAll(async () => {
    http = await startHttpFixture({ era: 'streamable-legacy', privateToken: token });
  });
  afterAll(async () => {
    await http?.close();
  });

  it('writes no header or env secret anywhere in the file', async () => {
    const envSecret = 'sk-live-51HcaptureSecretValue0123456789';
    const config = join(dir, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          notes: {
            command: process.execPath,
            args: ['--import', 'tsx', 'test/fixtures/knowledge-base-server.ts'],
            env: { API_KEY: envSecret },
          },
          remote: { url: http.url, headers: { Authorization: `Bearer ${token}` } },
        },
      }),
    );
    const file = join(dir, 'secrets.json');
    const live = await cli('capture', '-o', file, '--config', config);
    expect(live.code, live.stderr).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(envSecret);
    expect(text).not.toContain(token);
    const capture = await captured(file);
    expect(capture.servers.map((server) => server.name).sort()).toEqual(['notes', 'remote']);
    // The authorized session was listed the private resource: the header was sent, and not kept.
    expect(
      capture.servers
        .find((server) => server.name === 'remote')
        ?.catalog.resources.map((resource) => resource.uri),
    ).toContain(PRIVATE_RESOURCE.uri);
    expect(capture.trace.length).toBeGreaterThan(10);
  });

  it('replaces a secret a server echoes into its contents, and hashes only what it wrote', async () => {
    const envSecret = 'sk-live-51HechoedSecretValue9876543210';
    const config = join(dir, 'echo.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          echo: {
            command: process.execPath,
            args: ['--import', 'tsx', 'test/fixtures/legacy-server.ts', '--echo-env', 'API_KEY'],
            env: { API_KEY: envSecret },
          },
        },
      }),
    );
    const file = join(dir, 'echo-capture.json');
    // The echoing resource has priority 1: it is in the context.
    const live = await cli('capture', '-o', file, '--config', config);
    expect(live.code, live.stderr).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(envSecret);
    const capture = await captured(file);
    expect(
      capture.contents.find((entry) => entry.uri === 'legacy://env/API_KEY')?.contents?.[0]?.text,
    ).toBe('API_KEY=[redacted]');
    expect(capture.context.text).toContain('API_KEY=[redacted]');
    // The replay gives the bytes the file holds.
    const replayed = await cli('assemble', '--from', file);
    expect(replayed.stdout).toBe(capture.context.text);
    expect(replayed.stderr).toContain('the same bytes');
  });

  it('diffs one server seen with two header sets: the set varies by authorization only', async () => {
    const anonymous = join(dir, 'anonymous.json');
    const authorized = join(dir, 'authorized.json');
    expect(
      (
        await cli(
          'capture',
          '-o',
          anonymous,
          '--url',
          http.url,
          '--header',
          'Authorization: Bearer someone-else',
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await cli(
          'capture',
          '-o',
          authorized,
          '--url',
          http.url,
          '--header',
          `Authorization: Bearer ${token}`,
        )
      ).code,
    ).toBe(0);
    const human = await cli('diff', anonymous, authorized);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(
      `+ 127.0.0.1:${new URL(http.url).port}  ${PRIVATE_RESOURCE.uri}`,
    );
    expect(human.stdout).not.toContain(token);
    const json = await cli('diff', anonymous, authorized, '--json');
    const diff = JSON.parse(json.stdout) as CaptureDiff;
    expect(diff.resources).toEqual([
      { server: expect.any(String), uri: PRIVATE_RESOURCE.uri, change: 'added', fields: [] },
    ]);
    // The server itself is the same: protocol, what it declared, how it is reached (values redacted
    // alike).
    expect(diff.servers).toEqual([]);
    expect(await cli('diff', anonymous, anonymous)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('the same'),
    });
    expect(await cli('diff', anonymous)).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('diff takes two capture files'),
    });
  });
});

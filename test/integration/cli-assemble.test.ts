/**
 * `mcp-context assemble` as a user runs it: the built CLI, a real stdio server, real reads.
 * (npm test builds before it runs the tests.)
 */
import { deriveServerName } from '../../shared/config/server-name';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../shared/context/tokens';

const server = ['--', process.execPath, '--import', 'tsx', 'test/fixtures/context-server.ts'];

/** The total the summary line says, which must be the printed text counted as one. */
const saidTotal = (stderr: string) =>
  Number(/ ([\d,]+) tokens \(/.exec(stderr)?.[1]?.replace(/,/g, '') ?? NaN);

function assemble(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/mcp-context.mjs', 'assemble', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('mcp-context assemble', () => {
  it('takes the required resources, leaves out the user-only ones, and stays within the budget', async () => {
    const { code, stdout } = await assemble('--budget', '2000', '--json', ...server);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      used: number;
      budget: number;
      text: string;
      decisions: { uri: string; decision: string; included: boolean; reason: string }[];
    };
    const byUri = new Map(report.decisions.map((decision) => [decision.uri, decision]));
    expect(byUri.get('ctx://notes/alpha/note-3.md')).toMatchObject({
      decision: 'auto',
      included: true,
      reason: expect.stringContaining('priority 1 is required'),
    });
    expect(byUri.get('ctx://notes/beta/note-7.md')?.included).toBe(true);
    // i % 5 === 0 is user-only.
    expect(byUri.get('ctx://notes/gamma/note-5.md')).toMatchObject({
      decision: 'excluded-by-audience',
      included: false,
    });
    expect(byUri.get('ctx://broken/gone.md')).toMatchObject({
      decision: 'unreadable',
      reason: expect.stringContaining('the disk holding it is gone'),
    });
    expect(report.used).toBeLessThanOrEqual(report.budget);
    const included = report.decisions.filter((decision) => decision.included);
    expect(included.length).toBeGreaterThan(5);
    // The text holds exactly the included resources, one section each.
    expect(report.text.match(/^## /gm)).toHaveLength(included.length);
    for (const decision of included) expect(report.text).toContain(`- URI: ${decision.uri}\n`);
  });

  it('names a server given by its full path without the path, in the context a model receives', async () => {
    const script = join(process.cwd(), 'test/fixtures/knowledge-base-server.ts');
    const { code, stdout } = await assemble(
      '--budget',
      '400',
      '--',
      process.execPath,
      '--import',
      'tsx',
      script,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('- Server: node --import tsx knowledge-base-server.ts\n');
    expect(stdout).not.toContain(process.cwd());
    expect(stdout).not.toContain(process.execPath);
  });

  it('reads only what fits, not the whole catalog', async () => {
    const { code, stderr } = await assemble('--budget', '1500', ...server, '--count', '3000');
    expect(code).toBe(0);
    const [, included, read] = /(\d+) resources, [\d,]+ tokens .*; (\d+) read/.exec(stderr) ?? [];
    expect(Number(included)).toBeGreaterThan(3);
    expect(Number(read)).toBeLessThan(40);
  });

  it('obeys the user: an exclusion beats priority 1, a pin comes first, and --explain says why', async () => {
    const { code, stdout, stderr } = await assemble(
      '--no-auto',
      '--exclude',
      'ctx://notes/alpha/note-3.md',
      '--pin',
      'ctx://notes/beta/note-10.md',
      '--include',
      'ctx://notes/beta/note-1.md',
      '--explain',
      ...server,
    );
    expect(code).toBe(0);
    expect(stdout.indexOf('- URI: ctx://notes/beta/note-10.md')).toBeLessThan(
      stdout.indexOf('- URI: ctx://notes/beta/note-1.md'),
    );
    expect(stdout.match(/^## /gm)).toHaveLength(2);
    expect(saidTotal(stderr)).toBe(createTokenCounter().count(stdout));
    expect(stderr).toMatch(
      /excluded-by-user\s+~?[\d,]+\s+ctx:\/\/notes\/alpha\/note-3\.md — excluded by you/,
    );
    expect(stderr).toMatch(
      /not-picked\s+~?[\d,]+\s+ctx:\/\/notes\/beta\/note-7\.md — not picked, and auto-include is off/,
    );
  });

  it('prints JSON embedded-resource blocks, and a token tree by server, folder and resource', async () => {
    const { code, stdout, stderr } = await assemble(
      '--format',
      'json',
      '--budget',
      '800',
      '--token-tree',
      ...server,
    );
    expect(code).toBe(0);
    const blocks = JSON.parse(stdout) as {
      type: string;
      resource: { uri: string; text: string };
    }[];
    expect(blocks.length).toBeGreaterThan(0);
    expect(
      blocks.every(
        (block) => block.type === 'resource' && block.resource.text.startsWith('# Note'),
      ),
    ).toBe(true);
    expect(stderr).toMatch(/^\s+[\d,]+ {4}ctx:\/\/notes\/\w+\/\n\s+[\d,]+ {6}note-\d+\.md$/m);
    expect(saidTotal(stderr)).toBe(createTokenCounter().count(stdout));
  });

  it('refuses a mark for a URI no server lists, with a usage error', async () => {
    const { code, stderr } = await assemble('--include', 'ctx://nowhere', ...server);
    expect(code).toBe(64);
    expect(stderr).toContain('--include ctx://nowhere: no server lists this URI');
  });

  it('reads a profile, and refuses a corrupt one with a clear error, leaving it as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-profile-'));
    const good = join(dir, 'good.json');
    const name = deriveServerName(process.execPath, [
      '--import',
      'tsx',
      'test/fixtures/context-server.ts',
    ]);
    await writeFile(
      good,
      JSON.stringify({
        kind: 'mcp-context-profile',
        version: 1,
        name: 'good',
        savedAt: '2026-11-30T12:00:00.000Z',
        servers: [
          {
            name,
            transport: {
              kind: 'stdio',
              command: process.execPath,
              args: ['--import', 'tsx', 'test/fixtures/context-server.ts'],
            },
          },
        ],
        picks: [{ server: name, uri: 'ctx://notes/gamma/note-5.md' }],
        marks: [{ server: name, uri: 'ctx://notes/beta/note-7.md', mark: 'exclude' }],
        policy: {
          auto: false,
          audience: 'assistant',
          threshold: 0.5,
          requirePriorityOne: true,
          budget: 8000,
          order: 'rank',
        },
        output: { format: 'markdown', encoding: 'o200k_base' },
      }),
    );
    // The profile brings its own server: no selection on the command line.
    const { code, stdout } = await assemble('--profile', good);
    expect(code).toBe(0);
    expect(stdout.match(/^## /gm)).toHaveLength(1);
    expect(stdout).toContain('- URI: ctx://notes/gamma/note-5.md');

    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"kind": "mcp-context-profile", "version": 9}');
    const refused = await assemble('--profile', broken, ...server);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain(
      `--profile ${broken} cannot be used: it was written by a newer version of the app (profile version 9; this one reads 2)`,
    );
    expect(await readFile(broken, 'utf8')).toBe('{"kind": "mcp-context-profile", "version": 9}');
  });

  it('exits with status 3 when pinned resources alone are over the budget, with the reason on stderr', async () => {
    const { code, stdout, stderr } = await assemble(
      '--budget',
      '100',
      '--pin',
      'ctx://notes/alpha/note-6.md',
      '--pin',
      'ctx://notes/alpha/note-9.md',
      ...server,
    );
    expect(code).toBe(3);
    // The context is still printed: CI can keep it and fail the step.
    expect(stdout).toContain('- URI: ctx://notes/alpha/note-6.md');
    expect(stderr).toMatch(
      /^mcp-context: the context is [\d,]+ tokens over its budget of 100: pinned or picked resources do not fit \(exit status 3\)$/m,
    );
    // Within the budget, the same pins exit 0.
    expect(
      (
        await assemble(
          '--budget',
          '8000',
          '--no-auto',
          '--pin',
          'ctx://notes/alpha/note-6.md',
          ...server,
        )
      ).code,
    ).toBe(0);
  });

  it('has a flag for every policy setting, and refuses values it does not understand', async () => {
    const run = async (...flags: string[]) => {
      const { code, stdout } = await assemble('--json', '--budget', '3000', ...flags, ...server);
      expect(code).toBe(0);
      return JSON.parse(stdout) as {
        decisions: { uri: string; decision: string; included: boolean }[];
      };
    };
    const decision = (report: Awaited<ReturnType<typeof run>>, uri: string) =>
      report.decisions.find((entry) => entry.uri === uri);
    // note-5 is user-only: left out by default, in play with --audience any.
    expect(decision(await run(), 'ctx://notes/gamma/note-5.md')?.decision).toBe(
      'excluded-by-audience',
    );
    expect(
      decision(await run('--audience', 'any', '--threshold', '0'), 'ctx://notes/gamma/note-5.md')
        ?.decision,
    ).not.toBe('excluded-by-audience');
    // note-3 is priority 1: required by default, competing like any other with --no-required.
    const required = await run('--budget', '3000', '--no-required', '--threshold', '0.95');
    expect(decision(required, 'ctx://notes/alpha/note-3.md')?.decision).toBe('auto');
    expect(
      decision(
        await run('--no-required', '--threshold', '0.95', '--budget', '10'),
        'ctx://notes/alpha/note-3.md',
      )?.decision,
    ).toBe('over-budget');
    // --required-share 0 leaves no room for required resources.
    expect(
      decision(
        await run('--required-share', '0', '--threshold', '0.95'),
        'ctx://notes/alpha/note-3.md',
      )?.decision,
    ).toBe('over-budget');
    // With a focus, what it does not find relevant stays out; --fill takes it in by rank.
    const focused = await run('--focus', 'alpha');
    expect(focused.decisions.some((entry) => entry.decision === 'not-relevant')).toBe(true);
    const filled = await run('--focus', 'alpha', '--fill');
    expect(filled.decisions.some((entry) => entry.decision === 'not-relevant')).toBe(false);
    // --order uri sorts the context by URI; --recency-half-life is taken.
    const byUri = await assemble(
      '--order',
      'uri',
      '--recency-half-life',
      '30',
      '--budget',
      '1500',
      ...server,
    );
    const uris = [...byUri.stdout.matchAll(/^- URI: (.+)$/gm)].map((match) => match[1] as string);
    expect(uris.length).toBeGreaterThan(2);
    expect(uris).toEqual([...uris].sort());
    for (const [flag, value] of [
      ['--audience', 'bots'],
      ['--order', 'random'],
      ['--recency-half-life', '0'],
      ['--required-share', '2'],
      ['--focus', 'x'.repeat(1001)],
    ] as const) {
      const refused = await assemble(flag, value, ...server);
      expect(refused.code).toBe(64);
      expect(refused.stderr).toMatch(new RegExp(`^mcp-context: ${flag}`, 'm'));
    }
  });

  it('prints an empty context, not an error, with auto-include off and nothing marked', async () => {
    const { code, stdout, stderr } = await assemble('--no-auto', ...server);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^0 resources, 0 tokens \(o200k_base\); 0 of 8,000 budgeted; 0 read$/m);
  });
});

// mcp-context check: each rule's verdict against servers that keep and break it, over real
// connections (the checker opens its own), and the CLI's exit status, JSON and JUnit.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport, Verdict } from '../../shared/check/check-types';
import { checkServer } from '../../electron/host/check/conformance';
import { RULES } from '../../shared/check/rule-catalog';
import { everything, fixture, fixtureCommand, settled, startHost } from './harness';

async function check(config: Parameters<typeof checkServer>[0]): Promise<CheckReport> {
  // These are about what a server answers: none waits out the watch for what it sends unasked
  // (check-over-time.test.ts does).
  const outcome = await checkServer(config, 15_000, undefined, undefined, { watchMs: 0 });
  if (!('report' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.report;
}
const verdicts = (report: CheckReport) =>
  Object.fromEntries(report.results.map((result) => [result.rule, result.verdict])) as Record<
    string,
    Verdict
  >;
const detail = (report: CheckReport, rule: string) =>
  report.results.find((result) => result.rule === rule)?.detail;

describe('mcp-context check', () => {
  it('passes a clean 2026-07-28 server, its empty-string cursor followed', async () => {
    const report = await check(fixture('modern-server.ts'));
    expect(report).toMatchObject({
      protocolVersion: '2026-07-28',
      era: 'modern',
      counts: { fail: 0, warn: 0 },
      read: { count: 5, of: 5 },
    });
    expect(verdicts(report)['pagination.empty-cursor']).toBe('pass');
    expect(verdicts(report)).toMatchObject({
      'read.unknown-resource': 'pass',
      'read.unknown-resource-code': 'pass',
      'read.unknown-resource-uri': 'pass',
    });
    // Its templates parse, its completion answers within 100, its cache fields hold, and a second
    // connection lists the same.
    expect(verdicts(report)).toMatchObject({
      'templates.rfc6570': 'pass',
      'templates.completion': 'pass',
      'cache.ttl': 'pass',
      'cache.scope': 'pass',
      'result.type': 'pass',
      'listing.per-connection': 'pass',
      'wire.schema': 'pass',
    });
    expect(detail(report, 'wire.schema')).toMatch(
      /^\d+ messages, each a valid 2026-07-28 message of its kind$/,
    );
  });

  it('fails a file server that answers paths out of its root', async () => {
    const report = await check(fixture('hostile-server.ts', '--mode', 'file-traversal'));
    expect(verdicts(report)['security.path-traversal']).toBe('fail');
    expect(detail(report, 'security.path-traversal')).toBe(
      'file:///srv/notes/../../../../etc/passwd is outside file:///srv/notes/, and the server answered it with content',
    );
    expect(
      JSON.stringify(
        report.results.find((result) => result.rule === 'security.path-traversal')?.evidence,
      ),
    ).toContain('leaked /etc/passwd');
  });

  it('a server that never answers a read costs one timeout, and fails in words', async () => {
    // The time every other request has to answer too, the connection's among them: far above what
    // a loaded machine takes to start the server.
    const outcome = await checkServer(
      fixture('hostile-server.ts', '--mode', 'hang-on-read'),
      10_000,
    );
    if (!('report' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(detail(outcome.report, 'read.back')).toBe(
      'hostile://plain/one is listed, but reading it failed: no answer within 10 s (read 1 of the 2 sampled, then stopped: no answer came)',
    );
    expect(detail(outcome.report, 'read.unknown-resource-code')).toBe(
      'got no answer (no answer within 10 s), where an error -32002 (or -32602, as 2026-07-28 asks) is asked for',
    );
  });

  it('a check the user cancels, or one running when the host closes, stops and says so', async () => {
    // The server never answers a read: without the cancel, the check would wait a minute for it.
    // Each read it gets is noted in a file, so the cancel comes while the check waits on one.
    const reads = join(await mkdtemp(join(tmpdir(), 'check-reads-')), 'reads');
    await writeFile(reads, '');
    const readsUnderWay = async () => (await readFile(reads, 'utf8')).split('\n').length - 1;
    const { host } = startHost(
      [fixture('hostile-server.ts', '--mode', 'hang-on-read', '--note-reads', reads)],
      { requestTimeoutMs: 60_000 },
    );
    const [server] = (await settled(host)).servers;
    const before = await readsUnderWay();
    const running = host.checkServer(server?.id as string, 'check-1');
    await expect.poll(readsUnderWay).toBeGreaterThan(before);
    await host.cancelRequest('check-1');
    await expect(running).rejects.toMatchObject({
      code: 'cancelled',
      message: `the check of ${server?.name} was cancelled`,
    });
    // Caught at once: it rejects while the host closes, before the assertion below looks at it.
    const readsBefore = await readsUnderWay();
    const again = host.checkServer(server?.id as string).then(
      () => undefined,
      (error: unknown) => error,
    );
    await expect.poll(readsUnderWay).toBeGreaterThan(readsBefore);
    await host.close();
    expect(await again).toMatchObject({ code: 'cancelled' });
  });

  it('warns of an SVG icon, which can carry script', async () => {
    const report = await check(fixture('hostile-server.ts', '--mode', 'html'));
    expect(verdicts(report)['icons.svg']).toBe('warn');
    expect(detail(report, 'icons.svg')).toMatch(/^an icon is SVG \(data:image\/svg\+xml/);
  });

  it('warns of what a legacy server does that the spec advises against: an empty contents array, and only that', async () => {
    const report = await check(fixture('legacy-server.ts'));
    expect(report.counts).toMatchObject({ fail: 0, warn: 1 });
    // Empty contents for a resource that is listed: allowed, but it reads as "gone".
    expect(report.results.find((result) => result.rule === 'read.not-empty')).toMatchObject({
      verdict: 'warn',
      level: 'SHOULD',
      detail: 'legacy://empty reads as an empty contents array (read 10 of the listed resources)',
      evidence: {
        request: { method: 'resources/read', params: { uri: 'legacy://empty' } },
        response: { contents: [] },
      },
    });
    // The legacy code for an unknown resource is accepted; the subscribe it declares answers.
    expect(verdicts(report)).toMatchObject({
      'read.back': 'pass',
      'read.unknown-resource': 'pass',
      'read.unknown-resource-code': 'pass',
      'capabilities.subscribe': 'pass',
      'pagination.bogus-cursor': 'pass',
    });
  });

  it.each([
    [
      'duplicates',
      'pagination.no-duplicates',
      'page 2 lists hostile://dup/a again (first on page 1)',
    ],
    ['cursor-loop', 'pagination.ends', /^cursor loop: page 3 points back to cursor "A"$/],
    ['invalid-items', 'fields.required', /^page 1, item 2 has no uri string \(and 2 more\)$/],
    [
      'invalid-items',
      'wire.schema',
      "the answer to resources/list is not a ListResourcesResult at /resources/1: must have required property 'uri'",
    ],
    [
      'invalid-items',
      'annotations.valid',
      /^hostile:\/\/invalid\/priority: priority .*1\.7.* \(and 1 more\)$/,
    ],
  ])('hostile %s: %s fails, saying where', async (mode, rule, expected) => {
    const report = await check(fixture('hostile-server.ts', '--mode', mode));
    expect(verdicts(report)[rule]).toBe('fail');
    expect(detail(report, rule)).toMatch(expected);
    // Contents for a URI nobody listed: an error is asked for, if no such resource exists.
    expect(verdicts(report)['read.unknown-resource-code']).toBe('warn');
  });

  it('passes the real server-everything (the current release): nothing fails', async () => {
    const report = await check(everything);
    expect(report.counts.fail).toBe(0);
    expect(verdicts(report)).toMatchObject({
      'fields.required': 'pass',
      'read.back': 'pass',
      'capabilities.subscribe': 'pass',
      'wire.schema': 'pass',
    });
  });

  it('the CLI: exit 1 on a failed rule with JSON and JUnit, 2 for a server it cannot reach', async () => {
    const junit = join(await mkdtemp(join(tmpdir(), 'mcp-check-')), 'check.xml');
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          ['bin/mcp-context.mjs', 'check', ...args],
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ),
      );
    const failed = await run(
      '--json',
      '--junit',
      junit,
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/violations-server.ts',
      '--era',
      'legacy',
    );
    expect(failed.code).toBe(1);
    const json = JSON.parse(failed.stdout) as { reports: CheckReport[]; unreachable: unknown[] };
    const counts = json.reports[0]?.counts as CheckReport['counts'];
    expect(counts.fail).toBeGreaterThan(0);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain(
      `tests="${Object.keys(RULES).length}" failures="${counts.fail}" skipped="${counts['n/a']}">`,
    );
    expect(xml).toMatch(
      /<testcase classname="[^"]*violations-server\.ts --era legacy" name="read\.back: [^"]*"><failure message="violations:\/\/both, item 1 has both text and blob/,
    );
    // The human report puts failures first, then warnings, passes and what did not apply.
    const human = await run(
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/violations-server.ts',
      '--era',
      'legacy',
    );
    const ranks = [...human.stdout.matchAll(/^ {2}(FAIL|WARN|pass|n\/a) /gm)].map((mark) =>
      ['FAIL', 'WARN', 'pass', 'n/a'].indexOf(mark[1] as string),
    );
    expect(ranks.length).toBe(Object.keys(RULES).length);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect([ranks[0], ranks.at(-1)]).toEqual([0, 3]);
    const clean = await run(
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/modern-server.ts',
    );
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(
      /: \d+ pass, 0 warn, 0 fail, \d+ not applicable; read back 5 of 5\n/,
    );
    const gone = await run('--url', 'http://127.0.0.1:9/mcp');
    expect(gone.code).toBe(2);
    expect(gone.stdout).toMatch(/^127\.0\.0\.1:9: could not be checked: could not connect: /);
  });

  it('the CLI: --protocol checks a server of both eras in the one asked, and refuses others', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          ['bin/mcp-context.mjs', 'check', ...args],
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ),
      );
    const both = fixtureCommand('modern-server.ts');
    const eraOf = async (...args: string[]) => {
      const { stdout } = await run('--json', ...args, ...both);
      const [report] = (JSON.parse(stdout) as { reports: CheckReport[] }).reports;
      return [report?.protocolVersion, report?.era];
    };
    expect(await eraOf()).toEqual(['2026-07-28', 'modern']);
    expect(await eraOf('--protocol', '2025-11-25')).toEqual(['2025-11-25', 'legacy']);
    expect(await eraOf('--protocol', '2026-07-28')).toEqual(['2026-07-28', 'modern']);
    // A server that does not speak the revision asked for cannot be checked in it.
    const legacyOnly = await run('--protocol', '2026-07-28', ...fixtureCommand('legacy-server.ts'));
    expect(legacyOnly.code).toBe(2);
    expect(legacyOnly.stdout).toMatch(
      /could not be checked: .*\(in protocol 2026-07-28, as asked\)\n$/,
    );
    const unknown = await run('--protocol', '2025-06-18', ...both);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toBe(
      'mcp-context: --protocol is 2025-11-25 or 2026-07-28, got "2025-06-18"\nRun "mcp-context --help" for usage.\n',
    );
  });
});

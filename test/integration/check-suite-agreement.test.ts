// mcp-context check beside the official conformance suite (@modelcontextprotocol/conformance),
// on the same HTTP servers: wherever both judge the same rule, the verdicts agree
// (test/conformance/suite-compare.ts maps the suite's checks to our rules). The suite ships no
// servers in its package; those of its repository (examples/servers/typescript) can be added as
// SUITE_SERVERS="NAME=URL[@2025-11-25|@2026-07-28],…".
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';
import { compareWithSuite, table, type Row, type Target } from '../conformance/suite-compare';
import { freePort, WAIT_MS } from './harness';

let everything: ChildProcess | undefined;
const fixtures: HttpFixture[] = [];
const targets: Target[] = [];

beforeAll(async () => {
  const port = await freePort();
  everything = spawn(
    process.execPath,
    [
      '--import',
      './test/fixtures/loopback-only.mjs',
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      'streamableHttp',
    ],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start')), WAIT_MS);
    const started = (chunk: Buffer) => {
      if (/listening on port/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    everything?.stdout?.on('data', started);
    everything?.stderr?.on('data', started);
  });
  targets.push({ name: 'server-everything', url: `http://127.0.0.1:${port}/mcp` });
  const started = {
    'modern+suite': await startHttpFixture({ era: 'modern', suiteReference: true }),
    'not-a-uri': await startHttpFixture({ era: 'streamable-legacy', hostile: 'not-a-uri' }),
    'unsubscribe-fails': await startHttpFixture({
      era: 'streamable-legacy',
      hostile: 'unsubscribe-fails',
    }),
  };
  for (const [name, fixture] of Object.entries(started)) {
    fixtures.push(fixture);
    targets.push({ name, url: fixture.url });
  }
  for (const entry of (process.env.SUITE_SERVERS ?? '').split(',').filter(Boolean)) {
    const match = /^([^=]+)=(.+?)(?:@(2025-11-25|2026-07-28))?$/.exec(entry);
    if (match?.[1] && match[2])
      targets.push({
        name: match[1],
        url: match[2],
        ...(match[3] && { protocol: match[3] as Target['protocol'] }),
      });
  }
});
afterAll(async () => {
  everything?.kill();
  await Promise.all(fixtures.map((fixture) => fixture.close()));
});

describe('check and the official suite', () => {
  it('agree wherever both judge the same rule', async () => {
    const rows: Row[] = [];
    for (const target of targets) rows.push(...(await compareWithSuite(target)));
    const row = (server: string, check: string) =>
      rows.find((entry) => entry.server === server && entry.suiteCheck === check);
    // A uri that is no URI: the suite's schema check fails it, and so does ours.
    expect(row('not-a-uri', 'wire-schema-valid')).toMatchObject({ suite: 'FAILURE', ours: 'fail' });
    // An unsubscribe that fails, after a subscribe that worked.
    expect(row('unsubscribe-fails', 'resources-unsubscribe')).toMatchObject({
      suite: 'FAILURE',
      ours: 'fail',
    });
    // The suite's reference resources, read by both; and the 2026-07-28 rules on a modern server.
    expect(row('modern+suite', 'resources-templates-read')).toMatchObject({ agree: true });
    expect(row('modern+suite', 'sep-2164-error-code')).toMatchObject({ agree: true });
    expect(row('server-everything', 'resources-unsubscribe')).toMatchObject({ agree: true });
    // Every server compared on something: a target the suite judged nothing of (its run failed,
    // or wrote no checks) would otherwise agree by saying nothing.
    for (const target of targets)
      expect(
        rows.some((entry) => entry.server === target.name),
        `nothing compared on ${target.name}`,
      ).toBe(true);
    expect(
      rows.filter((entry) => !entry.agree),
      table(rows),
    ).toEqual([]);
  });
});

// mcp-context check against servers whose behaviour plays out over time: a catalog that changes
// for everyone (which the spec allows) must not be taken for one that varies per connection.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/check-types';
import { checkServer } from '../../electron/host/check/conformance';
import { NOTIFICATION_WATCH_MS } from '../../electron/host/check/watch-probe';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';
import { fixture } from './harness';

let http: HttpFixture | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

async function check(config: Parameters<typeof checkServer>[0]): Promise<CheckReport> {
  const outcome = await checkServer(config, 15_000);
  if (!('report' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.report;
}
const result = (report: CheckReport, rule: string) =>
  report.results.find((entry) => entry.rule === rule);

describe('a catalog that changes over time', () => {
  it('passes listing.per-connection when it changed between two listings, for everyone', async () => {
    http = await startHttpFixture({ era: 'modern', changingCatalog: true });
    const report = await check({ name: 'changing', transport: { kind: 'http', url: http.url } });
    expect(report.era).toBe('modern');
    expect(result(report, 'listing.per-connection')).toMatchObject({
      verdict: 'pass',
      detail:
        'the second connection listed 1 resource the first had not, and the first, listing again, then listed the same: the set changed over time, which it may',
    });
  });

  it('still fails a set that differs per connection, whichever listed first', async () => {
    // Each connection is a process of its own, with a resource named after it.
    const report = await check(fixture('violations-server.ts', '--era', 'modern'));
    expect(result(report, 'listing.per-connection')).toMatchObject({
      verdict: 'fail',
      detail:
        'the second connection lists 1 the first did not, and misses 1, while the first, listing again, still lists what it did: the set varies per connection (it may vary only by authorization)',
    });
  });
});

describe('what a server sends on a clock of its own', () => {
  it('fails a list_changed sent every 2 s where listChanged is not declared', async () => {
    // The check itself ends well within 2 s: it must watch on until the server has spoken.
    const report = await check(fixture('hostile-server.ts', '--mode', 'list-changed-every-2s'));
    expect(result(report, 'capabilities.list-changed')).toMatchObject({
      verdict: 'fail',
      detail: 'listChanged is not declared, yet the server sent list_changed once',
    });
  });

  it('says how long it watched a server that sent nothing it did not declare', async () => {
    const report = await check(fixture('hostile-server.ts', '--mode', 'duplicates'));
    const detail = result(report, 'capabilities.list-changed')?.detail ?? '';
    expect(detail).toMatch(/^not declared, and none was sent in the \d+\.\d s the check watched$/);
    expect(Number(/(\d+\.\d) s/.exec(detail)?.[1])).toBeGreaterThanOrEqual(
      NOTIFICATION_WATCH_MS / 1000,
    );
  });

  it('does not wait for what a server without a standing stream cannot send', async () => {
    // 1.x without sessions: the standing GET answered 405, so nothing can come unasked.
    http = await startHttpFixture({ era: 'stateless-legacy', listChanged: false });
    const report = await check({ name: 'stateless', transport: { kind: 'http', url: http.url } });
    expect(result(report, 'capabilities.list-changed')?.detail).toMatch(
      /it answered the standing GET with 405/,
    );
  });
});

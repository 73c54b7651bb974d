/**
 * `mcp-context check [server selection] [--json] [--junit FILE] [--protocol REVISION]`: each
 * server's verdict on the resources rules (electron/host/check/conformance.ts), in the era
 * `--protocol` names for a server that speaks both. Exit status 0 when nothing fails, 1
 * when a rule fails, 2 when a server could not be reached.
 */
import { writeFileSync } from 'node:fs';
import type { CheckReport, RuleResult } from '../../shared/check/check-types';
import type { ServerConfig } from '../../shared/mcp-types';
import { checkServer } from '../host/check/conformance';
import { createOAuthStore, defaultOAuthFile } from '../host/auth/oauth-store';
import { keptProviderFor } from '../host/auth/oauth-kept';
import { UsageError, type ParsedArgs } from './args';
import { terminalJson, terminalSafe } from './terminal';

const MARK: Record<RuleResult['verdict'], string> = {
  pass: 'pass',
  warn: 'WARN',
  fail: 'FAIL',
  'n/a': 'n/a ',
};

export async function runCheck(servers: ServerConfig[], args: ParsedArgs): Promise<number> {
  // A JUnit file that cannot be written is said before any server is checked.
  if (args.junit !== undefined) {
    try {
      writeFileSync(args.junit, '');
    } catch (error) {
      throw new UsageError(
        `cannot write --junit ${args.junit}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  const outcomes = [];
  // A server signed in to (mcp-context login) is checked with its sign-in.
  const signedIn = keptProviderFor(createOAuthStore(defaultOAuthFile()));
  for (const server of servers) {
    const progress = progressLine(server.name);
    // One server's failure is its own: the others are still checked and reported.
    const outcome = await checkServer(server, args.timeoutMs ?? 30_000, undefined, signedIn, {
      ...(progress && { onProgress: progress.show }),
      ...(args.protocol && { protocol: args.protocol }),
    })
      .catch((error: unknown) => ({
        unreachable: `the check stopped: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
      }))
      .finally(() => progress?.clear());
    outcomes.push({ server, outcome });
  }
  const reports = outcomes.flatMap(({ outcome }) => ('report' in outcome ? [outcome.report] : []));
  const unreachable = outcomes.flatMap(({ server, outcome }) =>
    'unreachable' in outcome ? [{ server: server.name, reason: outcome.unreachable }] : [],
  );
  if (args.junit !== undefined) writeFileSync(args.junit, junit(reports, unreachable));
  if (args.json) process.stdout.write(`${terminalJson({ reports, unreachable }, 2)}\n`);
  else {
    for (const report of reports) process.stdout.write(human(report));
    for (const entry of unreachable)
      process.stdout.write(
        `${terminalSafe(entry.server)}: could not be checked: ${terminalSafe(entry.reason)}\n`,
      );
  }
  if (unreachable.length > 0) return 2;
  return reports.some((report) => report.counts.fail > 0) ? 1 : 0;
}

/**
 * What a check waits on (its watch of the server's notifications), on one line of stderr,
 * rewritten in place; only on a terminal, so piped output stays the report alone.
 */
function progressLine(
  name: string,
  stream: NodeJS.WriteStream = process.stderr,
): { show(text: string): void; clear(): void } | undefined {
  if (!stream.isTTY) return undefined;
  let shown = false;
  return {
    show(text) {
      stream.write(`\r\u001b[2K${terminalSafe(name).slice(0, 60)}: ${text}…`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\u001b[2K');
      shown = false;
    },
  };
}

function human(report: CheckReport): string {
  const head = `${terminalSafe(report.server)}${report.protocolVersion ? ` (protocol ${report.protocolVersion})` : ''}: ${report.counts.pass} pass, ${report.counts.warn} warn, ${report.counts.fail} fail, ${report.counts['n/a']} not applicable; read back ${report.read.count} of ${report.read.of}\n`;
  const lines = report.results.map(
    (result) =>
      `  ${MARK[result.verdict]}  ${result.rule.padEnd(30)} ${terminalSafe(result.detail)}${result.verdict === 'fail' || result.verdict === 'warn' ? `\n        ${result.level} · ${result.spec.revision}, ${result.spec.section}` : ''}\n`,
  );
  return `${head}${lines.join('')}`;
}

/** JUnit XML for CI dashboards: a suite per server, a case per rule; warn is a pass with output. */
function junit(reports: CheckReport[], unreachable: { server: string; reason: string }[]): string {
  const suites = reports.map((report) => {
    const cases = report.results.map((result) => {
      const body =
        result.verdict === 'fail'
          ? `<failure message="${xml(result.detail)}">${xml(JSON.stringify(result.evidence ?? {}))}</failure>`
          : result.verdict === 'n/a'
            ? `<skipped message="${xml(result.detail)}"/>`
            : result.verdict === 'warn'
              ? `<system-out>${xml(`warning: ${result.detail}`)}</system-out>`
              : '';
      return `    <testcase classname="${xml(report.server)}" name="${xml(`${result.rule}: ${result.title}`)}">${body}</testcase>`;
    });
    return `  <testsuite name="${xml(report.server)}" tests="${report.results.length}" failures="${report.counts.fail}" skipped="${report.counts['n/a']}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  for (const entry of unreachable)
    suites.push(
      `  <testsuite name="${xml(entry.server)}" tests="1" errors="1">\n    <testcase classname="${xml(entry.server)}" name="connect"><error message="${xml(entry.reason)}"/></testcase>\n  </testsuite>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcp-context check">\n${suites.join('\n')}\n</testsuites>\n`;
}

function xml(text: string): string {
  // XML 1.0 has no place for most control characters, even escaped.
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/**
 * Sets `mcp-context check`'s verdicts beside the official suite's, on HTTP servers:
 *
 *   node --import tsx test/conformance/compare.ts NAME=URL[@2025-11-25|@2026-07-28]...
 *
 * prints a Markdown table (server, protocol, suite check, suite, our rule, ours, agree?) and
 * exits 1 when they disagree on any. Build first (`node scripts/build.mjs`): it runs
 * bin/mcp-context.mjs. The suite needs Node 22.
 */
import { compareWithSuite, table, type Row, type Target } from './suite-compare';

const targets: Target[] = process.argv.slice(2).map((arg) => {
  const match = /^([^=]+)=(.+?)(?:@(2025-11-25|2026-07-28))?$/.exec(arg);
  if (!match) throw new Error(`expected NAME=URL[@PROTOCOL], got ${arg}`);
  const [, name = '', url = '', protocol] = match;
  return { name, url, ...(protocol && { protocol: protocol as Target['protocol'] }) };
});
if (targets.length === 0) {
  process.stderr.write('usage: compare.ts NAME=URL[@2025-11-25|@2026-07-28]...\n');
  process.exit(64);
}
const rows: Row[] = [];
for (const target of targets) rows.push(...(await compareWithSuite(target)));
process.stdout.write(`${table(rows)}\n`);
process.exitCode = rows.every((row) => row.agree) ? 0 : 1;

/**
 * `mcp-context check --json` and the official conformance suite's server scenarios, run against
 * the same HTTP server, and their verdicts set side by side wherever both judge the same rule
 * (docs/CONFORMANCE.md). The suite is run at the revision our check negotiated: its 2025 scenarios
 * for a 2025 check, `--spec-version 2026-07-28` for a 2026-07-28 one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckReport, RuleResult, Verdict } from '../../shared/check/check-types';

/** A server to compare on, and the era to check it in (`check --protocol`), if not the default. */
export interface Target {
  name: string;
  url: string;
  protocol?: '2025-11-25' | '2026-07-28';
}

type Status = 'SUCCESS' | 'WARNING' | 'FAILURE' | 'SKIPPED' | 'INFO';

interface SuiteCheck {
  id: string;
  status: Status;
  errorMessage?: string;
  details?: Record<string, unknown>;
  scenario: string;
}

/** One suite check and our rule that judges the same thing, with both verdicts. */
export interface Row {
  server: string;
  protocol: string;
  suiteCheck: string;
  suite: Status;
  rule: string;
  ours: Verdict;
  agree: boolean;
  /** Why they differ, where the difference is understood (a rule of the spec vs the suite's). */
  note?: string;
}

const SCENARIOS = {
  legacy: [
    'resources-list',
    'resources-read-text',
    'resources-read-binary',
    'resources-templates-read',
    'resources-subscribe',
    'resources-unsubscribe',
  ],
  modern: [
    'resources-list',
    'resources-read-text',
    'resources-read-binary',
    'resources-templates-read',
    'sep-2164-resource-not-found',
    'caching',
    'server-stateless',
  ],
};

/**
 * The suite's checks and the rule of ours that judges the same: `when` says where the two look
 * at the same thing (the suite's read scenarios read fixed URIs of its reference server, so they
 * compare only where the server lists those).
 */
const MAPPING: {
  check: string;
  rules: string[];
  when?: (check: SuiteCheck, report: CheckReport, listed: readonly unknown[]) => string | undefined;
  resourcesOnly?: boolean;
}[] = [
  { check: 'resources-list', rules: ['fields.required'] },
  {
    check: 'resources-read-text',
    rules: ['read.back'],
    when: (_check, _report, listed) => lists(listed, 'test://static-text'),
  },
  {
    check: 'resources-read-binary',
    rules: ['read.back'],
    when: (_check, _report, listed) => lists(listed, 'test://static-binary'),
  },
  {
    check: 'resources-templates-read',
    rules: ['templates.read'],
    when: (_check, report) =>
      /test:\/\/template\//.test(result(report, 'templates.read')?.detail ?? '')
        ? undefined
        : 'the server lists no test://template/{id}/data to build a URI from',
  },
  { check: 'resources-subscribe', rules: ['capabilities.subscribe'] },
  { check: 'resources-unsubscribe', rules: ['subscriptions.unsubscribe'] },
  { check: 'sep-2164-no-empty-contents', rules: ['read.unknown-resource'] },
  { check: 'sep-2164-error-code', rules: ['read.unknown-resource-code'] },
  { check: 'sep-2164-data-uri', rules: ['read.unknown-resource-uri'] },
  ...['resources-list', 'resources-templates-list', 'resources-read'].map((method) => ({
    check: `sep-2549-${method}-caching-hints`,
    rules: ['cache.ttl', 'cache.scope'],
    when: (check: SuiteCheck) =>
      /returned JSON-RPC error/.test(check.errorMessage ?? '')
        ? `the server does not answer ${method.replace('resources-', 'resources/').replace('-list', '/list')}: no hints to judge`
        : undefined,
  })),
  { check: 'sep-2549-ttl-non-negative', rules: ['cache.ttl'] },
  { check: 'sep-2549-cache-scope-valid', rules: ['cache.scope'] },
  { check: 'sep-2575-server-sends-subscription-ack', rules: ['listen.acknowledged'] },
  { check: 'sep-2575-server-tags-subscription-id', rules: ['listen.subscription-id'] },
  // Only the messages of the resources scenarios: caching and server-stateless also judge tools
  // and prompts, which our check never asks for.
  { check: 'wire-schema-valid', rules: ['wire.schema'], resourcesOnly: true },
];

const VERDICT: Record<string, Verdict> = { SUCCESS: 'pass', WARNING: 'warn', FAILURE: 'fail' };
const WORST: Verdict[] = ['fail', 'warn', 'pass', 'n/a'];

const result = (report: CheckReport, rule: string): RuleResult | undefined =>
  report.results.find((entry) => entry.rule === rule);

/** Undefined where the server lists `uri` (the suite reads it by name, we read what is listed). */
const lists = (listed: readonly unknown[], uri: string): string | undefined =>
  listed.includes(uri) ? undefined : `the server lists no ${uri}`;

function run(
  command: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      command,
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** The suite's checks of `url`, scenario by scenario, at the revision of `era`. */
async function suiteChecks(
  root: string,
  url: string,
  era: 'legacy' | 'modern',
): Promise<SuiteCheck[]> {
  const out = await mkdtemp(join(tmpdir(), 'suite-'));
  const checks: SuiteCheck[] = [];
  try {
    for (const scenario of SCENARIOS[era]) {
      const dir = join(out, scenario);
      await run(
        [
          'node_modules/@modelcontextprotocol/conformance/dist/index.js',
          'server',
          '--url',
          url,
          '--scenario',
          scenario,
          ...(era === 'modern' ? ['--spec-version', '2026-07-28'] : []),
          '-o',
          dir,
        ],
        root,
      );
      for (const entry of await readdir(dir).catch(() => [])) {
        const file = await readFile(join(dir, entry, 'checks.json'), 'utf8').catch(() => '[]');
        for (const check of JSON.parse(file) as Omit<SuiteCheck, 'scenario'>[])
          checks.push({ ...check, scenario });
      }
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  return checks;
}

/** Runs both on `target` and sets their verdicts side by side. */
export async function compareWithSuite(target: Target, root = process.cwd()): Promise<Row[]> {
  const ours = await run(
    [
      'bin/mcp-context.mjs',
      'check',
      '--json',
      '--url',
      target.url,
      ...(target.protocol ? ['--protocol', target.protocol] : []),
    ],
    root,
  );
  const report = (JSON.parse(ours.stdout) as { reports: CheckReport[] }).reports[0];
  if (!report) throw new Error(`mcp-context check could not check ${target.url}: ${ours.stdout}`);
  const era = report.era ?? 'legacy';
  const checks = await suiteChecks(root, target.url, era);
  // What the suite itself saw listed tells where its fixed-URI read scenarios apply.
  const listed = checks.find((check) => check.id === 'resources-list')?.details?.resources;
  const seen: readonly unknown[] = Array.isArray(listed) ? listed : [];
  const rows: Row[] = [];
  for (const { check: id, rules, when, resourcesOnly } of MAPPING) {
    const found = checks.filter(
      (check) =>
        check.id === id && (!resourcesOnly || /^(resources-|sep-2164)/.test(check.scenario)),
    );
    if (found.length === 0) continue;
    // A check the suite makes in several scenarios (wire-schema-valid) counts at its worst.
    const suite = found.reduce<SuiteCheck>(
      (worst, check) =>
        check.status === 'FAILURE' || (check.status === 'WARNING' && worst.status === 'SUCCESS')
          ? check
          : worst,
      found[0] as SuiteCheck,
    );
    if (!VERDICT[suite.status] || when?.(suite, report, seen)) continue;
    const verdicts = rules.map((rule) => result(report, rule)?.verdict ?? 'n/a');
    const oursVerdict = WORST.find((verdict) => verdicts.includes(verdict)) ?? 'n/a';
    if (oursVerdict === 'n/a') continue;
    rows.push({
      server: target.name,
      protocol: report.protocolVersion ?? '?',
      suiteCheck: id,
      suite: suite.status,
      rule: rules.join(' + '),
      ours: oursVerdict,
      agree: VERDICT[suite.status] === oursVerdict,
    });
  }
  return rows;
}

/** The rows as a Markdown table. */
export function table(rows: readonly Row[]): string {
  return [
    '| server | protocol | suite check | suite | our rule | ours | agree? |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.server} | ${row.protocol} | ${row.suiteCheck} | ${row.suite} | ${row.rule} | ${row.ours} | ${row.agree ? 'yes' : `**no**${row.note ? `: ${row.note}` : ''}`} |`,
    ),
  ].join('\n');
}

/**
 * What `mcp-context check` reports about one server: a verdict per rule, with the evidence
 * (the request, and the offending part of what the server sent) and where the spec says so.
 * Plain data, stable enough for CI: the JSON report is this.
 */

export type Verdict = 'pass' | 'warn' | 'fail' | 'n/a';

export interface SpecReference {
  revision: string;
  section: string;
}

export interface Evidence {
  request?: unknown;
  /** The part of the response that breaks the rule, cut to a few thousand characters. */
  response?: unknown;
}

/** How hard the spec binds a rule: a broken MUST fails, a broken SHOULD warns. */
export type Level = 'MUST' | 'SHOULD';

export interface RuleResult {
  rule: string;
  title: string;
  verdict: Verdict;
  /** The level of the rule's basis (shared/check/rule-catalog.ts), which decides its verdict. */
  level: Level;
  /** One line: what was seen, e.g. "page 2 lists legacy://dup/a again". */
  detail: string;
  spec: SpecReference;
  evidence?: Evidence;
}

export interface CheckReport {
  server: string;
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  /** Resources read back, of those listed. */
  read: { count: number; of: number };
  results: RuleResult[];
  counts: Record<Verdict, number>;
}

const SEVERITY: Record<Verdict, number> = { fail: 0, warn: 1, pass: 2, 'n/a': 3 };

/**
 * The results in the order a report shows them: failures first, then warnings, passes, and what
 * did not apply; within a verdict, in the order the rules were judged.
 */
export function bySeverity(results: readonly RuleResult[]): RuleResult[] {
  // Array.prototype.sort is stable: within a verdict, the judged order stays.
  return [...results].sort((a, b) => SEVERITY[a.verdict] - SEVERITY[b.verdict]);
}

/** Exit status of `check`: 0 nothing fails, 1 a rule fails, 2 the server could not be reached. */
export function checkExitStatus(report: CheckReport | undefined): number {
  if (!report) return 2;
  return report.counts.fail > 0 ? 1 : 0;
}

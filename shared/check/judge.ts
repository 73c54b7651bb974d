/**
 * A rule's result, from its definition (rule-catalog.ts): its title, where the spec says it and at
 * what level. Broken, a MUST fails and a SHOULD warns, so no rule picks its own verdict. Pure.
 */
import type { Evidence, RuleResult } from './check-types';
import { basisOf, RULES, type Era, type RuleId } from './rule-catalog';

export interface Judge {
  pass(detail: string): RuleResult;
  notApplicable(detail: string): RuleResult;
  /** The rule is broken: fail for a MUST, warn for a SHOULD. */
  broken(detail: string, evidence?: Evidence): RuleResult;
  /**
   * The rule is broken if it applies, which cannot be known from outside (a URI nobody lists may
   * still exist): a warning, whatever the level.
   */
  doubtful(detail: string, evidence?: Evidence): RuleResult;
}

/** The judge of `rule` for a server of `era` (its 2026-07-28 basis where the era is unknown). */
export function judge(rule: RuleId, era?: Era): Judge {
  const basis = basisOf(rule, era);
  const head = {
    rule,
    title: RULES[rule].title,
    spec: { revision: basis.revision, section: basis.section },
    level: basis.level,
  };
  return {
    pass: (detail) => ({ ...head, verdict: 'pass', detail }),
    notApplicable: (detail) => ({ ...head, verdict: 'n/a', detail }),
    broken: (detail, evidence) => ({
      ...head,
      verdict: basis.level === 'MUST' ? 'fail' : 'warn',
      detail,
      ...(evidence && { evidence }),
    }),
    doubtful: (detail, evidence) => ({
      ...head,
      verdict: 'warn',
      detail,
      ...(evidence && { evidence }),
    }),
  };
}

/** Judges a rule broken by the first of `failures` (saying how many more), or passed. */
export function firstOf(
  rule: Judge,
  failures: readonly { detail: string; evidence?: Evidence }[],
  passDetail: string,
): RuleResult {
  const first = failures[0];
  if (!first) return rule.pass(passDetail);
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return rule.broken(`${first.detail}${more}`, first.evidence);
}

import { useState } from 'react';
import type { RuleResult } from '../../../shared/check/check-types';
import { NOTIFICATION_WATCH_MS } from '../../../shared/check/notification-rules';
import { basisOf, RULES, type RuleId } from '../../../shared/check/rule-catalog';
import { useAppStore } from '../../store/use-app-store';
import { ServerSelect } from '../trace-panel/server-select';

const LABEL: Record<RuleResult['verdict'], string> = {
  pass: 'pass',
  warn: 'warn',
  fail: 'fail',
  'n/a': 'n/a',
};

/**
 * A server against the resources rules: a verdict per rule, its evidence, and where the spec says
 * so.
 */
export function ChecksPanel() {
  const servers = useAppStore((state) => state.serverOrder);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // A server removed meanwhile falls back to the first, as the select shows it.
  const serverId = chosen !== undefined && servers.includes(chosen) ? chosen : servers[0];
  const check = useAppStore((state) => (serverId ? state.checks[serverId] : undefined));
  const runChecks = useAppStore((state) => state.runChecks);
  const cancelChecks = useAppStore((state) => state.cancelChecks);
  const name = useAppStore((state) => (serverId ? state.servers[serverId]?.name : undefined));
  // A replay has only what was captured: checking needs the live server.
  const replay = useAppStore((state) => state.replay);
  return (
    <div className="trace-panel">
      <div className="trace-toolbar">
        <ServerSelect value={serverId} onChange={(id) => setChosen(id)} all={false} />
        <button
          type="button"
          onClick={() => serverId && void runChecks(serverId)}
          disabled={!serverId || check?.state === 'running' || replay !== null}
        >
          Run checks
        </button>
        {check?.state === 'running' && serverId ? (
          <button type="button" onClick={() => cancelChecks(serverId)}>
            Cancel
          </button>
        ) : null}
        <span className="muted small" role="status">
          {check?.state === 'running' ? (
            <>
              <span className="spinner" aria-hidden="true" /> Checking {name}… (a connection of its
              own: the server is started again for stdio; one that declares no listChanged is
              watched for {NOTIFICATION_WATCH_MS / 1000} s, for what it sends unasked)
            </>
          ) : check?.state === 'done' ? (
            `${check.report.counts.pass} pass, ${check.report.counts.warn} warn, ${check.report.counts.fail} fail, ${check.report.counts['n/a']} not applicable · read back ${check.report.read.count} of ${check.report.read.of} · protocol ${check.report.protocolVersion ?? '?'} · ${new Date(check.at).toLocaleTimeString('en-GB')}`
          ) : replay ? (
            'A replayed capture cannot be checked: the checks talk to the live server. Run them in the live window, or with mcp-context check.'
          ) : (
            'Checks listing, reading and errors against the spec, from what the server really sends.'
          )}
        </span>
      </div>
      {check?.state === 'failed' ? (
        <p className="error-text small" role="alert">
          {check.error}
        </p>
      ) : null}
      <div className="timeline-list" tabIndex={0} role="region" aria-label="Check results">
        {check?.state === 'done' ? (
          <ul className="check-results">
            {check.report.results.map((result) => (
              <li
                key={result.rule}
                className={`check-result verdict-${result.verdict === 'n/a' ? 'na' : result.verdict}`}
              >
                <details>
                  <summary>
                    <span
                      className={`badge verdict verdict-${result.verdict === 'n/a' ? 'na' : result.verdict}`}
                    >
                      {LABEL[result.verdict]}
                    </span>{' '}
                    <span className="mono small">{result.rule}</span> {result.title}
                    <span className="check-detail">{result.detail}</span>
                  </summary>
                  <p className="small muted">
                    Spec {result.spec.revision}, {result.spec.section} · {result.level}
                    {result.rule in RULES
                      ? `: “${basisOf(result.rule as RuleId, check.report.era).says}”`
                      : ''}
                  </p>
                  {result.evidence ? (
                    <pre className="mono check-evidence">
                      {JSON.stringify(result.evidence, null, 2).slice(0, 20_000)}
                    </pre>
                  ) : (
                    <p className="small muted">No evidence to show.</p>
                  )}
                </details>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

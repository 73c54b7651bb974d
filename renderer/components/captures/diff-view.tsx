import { useState } from 'react';
import { plural } from '../../../shared/plural';
import { outcomeOf } from '../../../shared/capture/capture-outcome';
import {
  decisionKindText,
  decisionMoved,
  type CaptureDiff,
  type DecisionDiff,
  type EntryDiff,
  type FieldChange,
} from '../../../shared/capture/capture-diff';

const number = (value: number) => value.toLocaleString('en-US');
const SIGN = { added: '+', removed: '−', changed: '~' } as const;
/** Lines of the text diff shown before "Show all". */
const PATCH_LINES = 2000;

function Fields({ fields }: { fields: readonly FieldChange[] }) {
  if (fields.length === 0) return null;
  return (
    <ul className="diff-fields">
      {fields.map((field) => (
        <li key={field.field}>
          <code>{field.field}</code> <span className="diff-del">{field.before ?? '(none)'}</span> →{' '}
          <span className="diff-add">{field.after ?? '(none)'}</span>
        </li>
      ))}
    </ul>
  );
}

const kindOf = decisionKindText;

/** One decision's change: the kinds (coloured only when it turned), then both reasons. */
function DecisionChange({ decision }: { decision: DecisionDiff }) {
  return (
    <>
      {decision.turned ? (
        <>
          <span className="diff-del">{kindOf(decision.before)}</span> →{' '}
          <span className="diff-add">{kindOf(decision.after)}</span>
        </>
      ) : (
        <span className="muted">
          {kindOf(decision.after)}, {decisionMoved(decision)}
        </span>
      )}
      <ul className="diff-fields">
        {decision.before ? <li>A: {decision.before.reason}</li> : null}
        {decision.after ? <li>B: {decision.after.reason}</li> : null}
      </ul>
    </>
  );
}

const keyOf = (entry: { server: string; uri: string }) => `${entry.server}\u0000${entry.uri}`;

function Entries({
  title,
  entries,
  decisions,
}: {
  title: string;
  entries: readonly EntryDiff[];
  decisions?: ReadonlyMap<string, DecisionDiff>;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="diff-section">
      <h3>
        {title} <span className="muted">({entries.length})</span>
      </h3>
      <ul className="diff-list">
        {entries.map((entry) => (
          <li key={`${entry.server}\u0000${entry.uri}`} className={`diff-${entry.change}`}>
            <span className="diff-sign" aria-label={entry.change}>
              {SIGN[entry.change]}
            </span>{' '}
            <span className="muted">{entry.server}</span> <code>{entry.uri}</code>
            <Fields fields={entry.fields} />
            {decisions?.get(keyOf(entry)) ? (
              <div className="diff-decision">
                decision: <DecisionChange decision={decisions.get(keyOf(entry)) as DecisionDiff} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** First, what changed the outcome: what came in and went out, and which inputs changed. */
function OutcomeSection({ diff }: { diff: CaptureDiff }) {
  const { cameIn, wentOut, causes } = outcomeOf(diff);
  return (
    <section className="diff-section" aria-label="What changed the outcome">
      <h3>What changed the outcome</h3>
      <ul className="diff-list">
        {cameIn.map((decision) => (
          <li key={keyOf(decision)} className="diff-added">
            <span className="diff-sign">+</span> <code>{decision.uri}</code>{' '}
            <span className="muted">came in ({decision.after?.kind})</span>
          </li>
        ))}
        {wentOut.map((decision) => (
          <li key={keyOf(decision)} className="diff-removed">
            <span className="diff-sign">−</span> <code>{decision.uri}</code>{' '}
            <span className="muted">went out (now {decisionKindText(decision.after)})</span>
          </li>
        ))}
        {cameIn.length + wentOut.length === 0 ? (
          <li className="muted">The same resources are in the context.</li>
        ) : null}
      </ul>
      <p className="small">
        {causes.length > 0
          ? `What changed: ${causes.join('; ')}.`
          : 'No setting, mark, server or resource changed: the runs themselves differ.'}
      </p>
    </section>
  );
}

/**
 * What changed between two captures, section by section, and the context's text as a unified diff.
 */
export function DiffView({ diff, names }: { diff: CaptureDiff; names: [string, string] }) {
  const [allLines, setAllLines] = useState(false);
  const turned = diff.decisions.filter((decision) => decision.turned);
  // A resource that changed shows its decision with it; the lists below have the rest (and every
  // one that turned).
  const byKey = new Map(diff.decisions.map((decision) => [keyOf(decision), decision]));
  const shownWith = new Set(diff.resources.map(keyOf));
  const moved = diff.decisions.filter(
    (decision) => !decision.turned && !shownWith.has(keyOf(decision)),
  );
  const lines = diff.context.patch === '' ? [] : diff.context.patch.replace(/\n$/, '').split('\n');
  const shown = allLines ? lines : lines.slice(0, PATCH_LINES);
  const { context } = diff;
  return (
    <div className="diff-view">
      <p className="diff-summary" role="status">
        {diff.same ? (
          <strong>The same: servers, catalogs, decisions and context.</strong>
        ) : (
          <>
            <strong>They differ.</strong> {plural(diff.resources.length, 'resource')} changed,{' '}
            {plural(turned.length, 'decision')} turned, {plural(moved.length, 'reason')} moved; the
            context{' '}
            {context.same
              ? 'is the same text'
              : context.added === undefined
                ? 'is too different to compare line by line'
                : `+${number(context.added)} −${plural(context.removed ?? 0, 'line')}`}
            , {number(context.tokens.before)} → {plural(context.tokens.after, 'token')}.
          </>
        )}
        <span className="muted">
          {' '}
          A: {names[0]} ({diff.a.capturedAt}) · B: {names[1]} ({diff.b.capturedAt})
        </span>
      </p>
      {diff.same ? null : <OutcomeSection diff={diff} />}
      {diff.servers.length > 0 ? (
        <section className="diff-section">
          <h3>Servers</h3>
          <ul className="diff-list">
            {diff.servers.map((server) => (
              <li key={server.server} className={`diff-${server.change}`}>
                <span className="diff-sign">{SIGN[server.change]}</span> {server.server}
                <Fields fields={server.fields} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Entries title="Resources" entries={diff.resources} decisions={byKey} />
      <Entries title="Templates" entries={diff.templates} />
      {turned.length > 0 ? (
        <section className="diff-section">
          <h3>
            Decisions that turned <span className="muted">({turned.length})</span>
          </h3>
          <ul className="diff-list">
            {turned.map((decision) => (
              <li key={keyOf(decision)} className="diff-turned">
                <code>{decision.uri}</code> <DecisionChange decision={decision} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {moved.length > 0 ? (
        <details className="diff-section">
          <summary>
            {moved.length} decisions the same, their reasons moved{' '}
            <span className="muted">(rank, tokens, or the budget used before them)</span>
          </summary>
          <ul className="diff-list">
            {moved.map((decision) => (
              <li key={keyOf(decision)}>
                <code>{decision.uri}</code> <DecisionChange decision={decision} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {diff.settings.length > 0 ? (
        <section className="diff-section">
          <h3>Settings</h3>
          <Fields fields={diff.settings} />
        </section>
      ) : null}
      {diff.marks.length > 0 ? (
        <section className="diff-section">
          <h3>Marks</h3>
          <ul className="diff-list">
            {diff.marks.map((mark) => (
              <li key={`${mark.server}\u0000${mark.uri}`}>
                <code>{mark.uri}</code> {mark.before ?? 'none'} → {mark.after ?? 'none'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.warnings.length > 0 ? (
        <section className="diff-section">
          <h3>Catalog warnings</h3>
          <ul className="diff-list">
            {diff.warnings.flatMap((entry) => [
              ...entry.added.map((message) => (
                <li key={`+${entry.server}${message}`} className="diff-added">
                  + {entry.server}: {message}
                </li>
              )),
              ...entry.removed.map((message) => (
                <li key={`-${entry.server}${message}`} className="diff-removed">
                  − {entry.server}: {message}
                </li>
              )),
            ])}
          </ul>
        </section>
      ) : null}
      {lines.length > 0 ? (
        <section className="diff-section">
          <h3>The context&apos;s text</h3>
          <pre
            className="diff-patch"
            tabIndex={0}
            aria-label="The context's text, as a unified diff"
          >
            {shown.map((line, at) => (
              <span
                key={at}
                className={
                  line.startsWith('@@')
                    ? 'diff-hunk'
                    : line.startsWith('+') && !line.startsWith('+++')
                      ? 'diff-add'
                      : line.startsWith('-') && !line.startsWith('---')
                        ? 'diff-del'
                        : undefined
                }
              >
                {line}
                {'\n'}
              </span>
            ))}
          </pre>
          {shown.length < lines.length ? (
            <button type="button" onClick={() => setAllLines(true)}>
              Show all {plural(lines.length, 'line')}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

import { useId, useMemo, useState } from 'react';
import type { ContextSettings } from '../../store/context-slice';
import { formatCount } from '../../../shared/context/policy';
import { MAX_FOCUS_LENGTH } from '../../../shared/context/focus-limits';
import { useAppStore } from '../../store/use-app-store';
import { DECISION_TAGS } from '../decision-badge/decision-badge';
import { Profiles } from './profiles';
import { TokenMap } from './token-map';

/** Shown at once; more is a click away, so a huge context never freezes the page. */
const PREVIEW_CHARS = 200_000;

/**
 * The context: auto-include and its settings, the budget meter, where the tokens go, and the
 * assembled text exactly as a model would receive it, with copy and save.
 */
export function ContextPane() {
  const state = useAppStore((store) => store.curation.state);
  const read = useAppStore((store) => store.curation.read);
  const error = useAppStore((store) => store.curation.error);
  const warnings = useAppStore((store) => store.curation.warnings);
  const settings = useAppStore((store) => store.contextSettings);
  return (
    <div className="context-pane" data-curation={state} data-reads={read}>
      <FocusField focus={settings.focus ?? ''} auto={settings.auto} />
      <AutoIncludeSettings settings={settings} />
      <BudgetMeter />
      {state === 'failed' ? (
        <p className="error-text small" role="alert">
          Could not assemble the context: {error}
        </p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning} className="warn-text small" role="status">
          {warning}
        </p>
      ))}
      <Preview />
      <TokenMap />
      <Profiles />
    </div>
  );
}

/** The assembled text, exactly as a model would receive it, with copy and save. */
function Preview() {
  const text = useAppStore((store) => store.curation.text);
  const total = useAppStore((store) => store.curation.total);
  const totalPending = useAppStore((store) => store.curation.totalPending === true);
  const included = useAppStore((store) => store.curation.order.length);
  const format = useAppStore((store) => store.contextSettings.format);
  const encoding = useAppStore((store) => store.contextSettings.encoding);
  const auto = useAppStore((store) => store.contextSettings.auto);
  const [shown, setShown] = useState(PREVIEW_CHARS);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${formatCount(text.length)} characters.`);
    } catch (error) {
      setCopied(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function save() {
    const blob = new Blob([text], { type: format === 'json' ? 'application/json' : 'text/markdown' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = format === 'json' ? 'context.json' : 'context.md';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  return (
    <section className="context-preview" aria-labelledby="preview-heading">
      <div className="preview-head">
        <h3 id="preview-heading">Preview</h3>
        <span className="muted small">
          {included} resources · {totalPending ? 'counting tokens…' : `${formatCount(total)} tokens`} ({encoding}) · {format === 'json' ? 'JSON embedded resources' : 'Markdown'}
        </span>
        <span className="preview-actions">
          <button type="button" onClick={() => void copy()} disabled={text === ''}>
            Copy
          </button>
          <button type="button" onClick={save} disabled={text === ''}>
            Save…
          </button>
        </span>
      </div>
      {copied ? (
        <p className="muted small" role="status">
          {copied}
        </p>
      ) : null}
      <p className="muted small">Binary content (images and other blobs) is left out of the text context; Markdown names what was left out.</p>
      <IncludedList />
      {text === '' ? (
        <p className="muted small">{auto ? 'Nothing is included yet.' : 'Pick resources in the tree, or turn auto-include on.'}</p>
      ) : (
        <>
          <pre className="preview-text mono" aria-label="Assembled context" tabIndex={0}>
            {text.length > shown ? text.slice(0, shown) : text}
          </pre>
          {text.length > shown ? (
            <button type="button" onClick={() => setShown(shown + PREVIEW_CHARS * 5)}>
              Show more ({formatCount(text.length - shown)} characters left)
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Every included resource with its tokens, in context order; a click reveals it in the tree. */
function IncludedList() {
  const order = useAppStore((store) => store.curation.order);
  const tokens = useAppStore((store) => store.curation.tokens);
  const decisions = useAppStore((store) => store.curation.decisions);
  const revealResource = useAppStore((store) => store.revealResource);
  if (order.length === 0) return null;
  return (
    <details className="included-list">
      <summary className="small">Tokens per resource ({order.length})</summary>
      <ol className="small">
        {order.map((key) => {
          const decision = decisions.get(key);
          if (!decision) return null;
          return (
            <li key={key}>
              <button type="button" className="link-button mono break" onClick={() => revealResource(decision.serverId, decision.uri)}>
                {decision.uri}
              </button>{' '}
              <span className="muted">
                {formatCount(tokens.get(key) ?? decision.tokens)} · {DECISION_TAGS[decision.kind].words}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/**
 * What the agent is about to do, in a line of free text: auto-include ranks every resource by
 * relevance to it, which works on servers that set no annotations at all.
 */
function FocusField({ focus, auto }: { focus: string; auto: boolean }) {
  const set = useAppStore((state) => state.setContextSettings);
  const id = useId();
  return (
    <div className="focus-field">
      <label htmlFor={`${id}-focus`}>Focus</label>
      <input
        id={`${id}-focus`}
        type="search"
        value={focus}
        maxLength={MAX_FOCUS_LENGTH}
        placeholder="What is the agent about to do? e.g. rotate the database credentials"
        aria-describedby={`${id}-focus-hint`}
        onChange={(event) => set({ focus: event.target.value })}
      />
      <p id={`${id}-focus-hint`} className="muted small">
        {auto
          ? 'Auto-include ranks resources by how well their title, name, description and URI match it; each decision names what matched.'
          : 'Turn on auto-include below to rank resources by this focus.'}
      </p>
    </div>
  );
}

function AutoIncludeSettings({ settings }: { settings: ContextSettings }) {
  const set = useAppStore((state) => state.setContextSettings);
  const id = useId();
  return (
    <fieldset className="auto-include">
      <legend>Auto-include</legend>
      <label className="check">
        <input type="checkbox" checked={settings.auto} onChange={(event) => set({ auto: event.target.checked })} />
        Include automatically (by focus, annotations and size)
      </label>
      <div className="settings-grid">
        <label htmlFor={`${id}-budget`}>Token budget</label>
        <NumberField id={`${id}-budget`} value={settings.budget} min={0} max={10_000_000} step={500} onChange={(budget) => set({ budget })} />
        <label htmlFor={`${id}-threshold`} title="A stated priority below this is left out; no priority is unknown, not low">
          Stated priority at least
        </label>
        <NumberField id={`${id}-threshold`} value={settings.threshold} min={0} max={1} step={0.05} onChange={(threshold) => set({ threshold })} />
        <label htmlFor={`${id}-audience`}>Audience</label>
        <select id={`${id}-audience`} value={settings.audience} onChange={(event) => set({ audience: event.target.value === 'any' ? 'any' : 'assistant' })}>
          <option value="assistant">assistant, or not stated</option>
          <option value="any">anyone</option>
        </select>
        <label htmlFor={`${id}-halflife`}>Recency half-life (days)</label>
        <NumberField id={`${id}-halflife`} value={settings.halfLifeDays ?? 0} min={0} max={3650} step={1} onChange={(days) => set({ halfLifeDays: days > 0 ? days : undefined })} />
        <label htmlFor={`${id}-order`}>Order</label>
        <select id={`${id}-order`} value={settings.order} onChange={(event) => set({ order: event.target.value === 'uri' ? 'uri' : 'rank' })}>
          <option value="rank">pins, picks, then by rank</option>
          <option value="uri">by server and URI</option>
        </select>
        <label htmlFor={`${id}-format`}>Format</label>
        <select id={`${id}-format`} value={settings.format} onChange={(event) => set({ format: event.target.value === 'json' ? 'json' : 'markdown' })}>
          <option value="markdown">Markdown</option>
          <option value="json">JSON (MCP embedded resources)</option>
        </select>
        <label htmlFor={`${id}-encoding`}>Tokenizer</label>
        <select id={`${id}-encoding`} value={settings.encoding} onChange={(event) => set({ encoding: event.target.value === 'cl100k_base' ? 'cl100k_base' : 'o200k_base' })}>
          <option value="o200k_base">o200k_base (GPT-4o and later)</option>
          <option value="cl100k_base">cl100k_base (GPT-4, GPT-3.5)</option>
        </select>
      </div>
      <label className="check">
        <input type="checkbox" checked={settings.requirePriorityOne} onChange={(event) => set({ requirePriorityOne: event.target.checked })} />
        Priority 1 is required, even over the budget
      </label>
    </fieldset>
  );
}

/** A number input that only commits numbers within range; anything else is marked invalid. */
function NumberField({ id, value, min, max, step, onChange }: { id: string; value: number; min: number; max: number; step: number; onChange(value: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && !valid(draft);
  function valid(text: string): boolean {
    const number = Number(text);
    return text.trim() !== '' && Number.isFinite(number) && number >= min && number <= max;
  }
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step}
      value={draft ?? String(value)}
      aria-invalid={invalid}
      onChange={(event) => {
        setDraft(event.target.value);
        if (valid(event.target.value)) onChange(Number(event.target.value));
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

function BudgetMeter() {
  const curation = useAppStore((state) => state.curation);
  const budget = useAppStore((state) => state.contextSettings.budget);
  const within = Math.min(curation.used, budget);
  const scale = Math.max(budget, curation.used, 1);
  const label = `${formatCount(curation.used)} of ${formatCount(budget)} tokens used`;
  const status = useMemo(() => {
    if (curation.state === 'working') return `Reading… ${curation.read} read${curation.pending ? `, ${curation.pending} to go` : ''}`;
    return '';
  }, [curation.state, curation.read, curation.pending]);
  return (
    <div className="budget">
      <div className="budget-label">
        <span>{label}</span>
        {curation.overBudget > 0 ? <span className="warn-text"> · {formatCount(curation.overBudget)} over</span> : null}
        {status ? (
          <span className="muted small" role="status">
            {' '}
            · {status}
          </span>
        ) : null}
      </div>
      <div className="budget-bar" role="meter" aria-label="Budget used" aria-valuemin={0} aria-valuemax={budget} aria-valuenow={curation.used} aria-valuetext={label}>
        <div className="budget-used" style={{ width: `${(within / scale) * 100}%` }} />
        {curation.overBudget > 0 ? <div className="budget-over" style={{ width: `${(curation.overBudget / scale) * 100}%` }} /> : null}
      </div>
    </div>
  );
}

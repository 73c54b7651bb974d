import { useId } from 'react';
import { DEFAULT_REQUIRED_SHARE } from '../../../shared/context/policy-types';
import { useAppStore } from '../../store/use-app-store';
import { NumberField } from './number-field';
import { useSetting } from './use-setting';

/** The policy's settings, as the host's session holds them; each change goes to the host. */
export function AutoIncludeSettings() {
  const set = useAppStore((state) => state.setContextSettings);
  const auto = useSetting('auto');
  const budget = useSetting('budget');
  const threshold = useSetting('threshold');
  const audience = useSetting('audience');
  const halfLifeDays = useSetting('halfLifeDays');
  const order = useSetting('order');
  const format = useSetting('format');
  const encoding = useSetting('encoding');
  const requirePriorityOne = useSetting('requirePriorityOne');
  const requiredShare = useSetting('requiredShare') ?? DEFAULT_REQUIRED_SHARE;
  const fill = useSetting('fill') ?? false;
  const id = useId();
  return (
    <fieldset className="auto-include">
      <legend>Auto-include</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={auto}
          onChange={(event) => set({ auto: event.target.checked })}
        />
        Include automatically (by focus, annotations and size)
      </label>
      <div className="settings-grid">
        <label htmlFor={`${id}-budget`}>Token budget</label>
        <NumberField
          id={`${id}-budget`}
          value={budget}
          min={0}
          max={10_000_000}
          step={500}
          integer
          onChange={(next) => set({ budget: next })}
        />
      </div>
      {/* The rest folds away, its values in the summary, so the preview stays in view. */}
      <details className="more-settings">
        <summary>
          More settings{' '}
          <span className="muted small">
            {[
              `priority ≥ ${threshold}`,
              requirePriorityOne
                ? `priority 1 required, up to ${Math.round(requiredShare * 100)}%`
                : 'priority 1 not required',
              audience === 'any' ? 'anyone' : 'for the assistant',
              ...(halfLifeDays ? [`half-life ${halfLifeDays} d`] : []),
              order === 'uri' ? 'by URI' : 'by rank',
              ...(fill ? ['filled'] : []),
              format === 'json' ? 'JSON' : 'Markdown',
              encoding,
            ].join(' · ')}
          </span>
        </summary>
        <div className="settings-grid">
          <label
            htmlFor={`${id}-threshold`}
            title="A stated priority below this is left out; no priority is unknown, not low"
          >
            Stated priority at least
          </label>
          <NumberField
            id={`${id}-threshold`}
            value={threshold}
            min={0}
            max={1}
            step={0.05}
            onChange={(next) => set({ threshold: next })}
          />
          <label
            htmlFor={`${id}-share`}
            title="Required (priority 1) resources go in first, up to this share of the budget, so the focus keeps room"
          >
            Required share of the budget (%)
          </label>
          <NumberField
            id={`${id}-share`}
            value={Math.round(requiredShare * 100)}
            min={0}
            max={100}
            step={5}
            integer
            onChange={(percent) => set({ requiredShare: percent / 100 })}
          />
          <label htmlFor={`${id}-audience`}>Audience</label>
          <select
            id={`${id}-audience`}
            value={audience}
            onChange={(event) =>
              set({ audience: event.target.value === 'any' ? 'any' : 'assistant' })
            }
          >
            <option value="assistant">assistant, or not stated</option>
            <option value="any">anyone</option>
          </select>
          <label htmlFor={`${id}-halflife`}>Recency half-life (days)</label>
          {/* 0 clears it: the host drops a half-life of 0. */}
          <NumberField
            id={`${id}-halflife`}
            value={halfLifeDays ?? 0}
            min={0}
            max={3650}
            step={1}
            onChange={(days) => set({ halfLifeDays: days })}
          />
          <label htmlFor={`${id}-order`}>Order</label>
          <select
            id={`${id}-order`}
            value={order}
            onChange={(event) => set({ order: event.target.value === 'uri' ? 'uri' : 'rank' })}
          >
            <option value="rank">pins, picks, then by rank</option>
            <option value="uri">by server and URI</option>
          </select>
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) =>
              set({ format: event.target.value === 'json' ? 'json' : 'markdown' })
            }
          >
            <option value="markdown">Markdown</option>
            <option value="json">JSON (MCP embedded resources)</option>
          </select>
          <label htmlFor={`${id}-encoding`}>Tokenizer</label>
          <select
            id={`${id}-encoding`}
            value={encoding}
            onChange={(event) =>
              set({ encoding: event.target.value === 'cl100k_base' ? 'cl100k_base' : 'o200k_base' })
            }
          >
            <option value="o200k_base">o200k_base (GPT-4o and later)</option>
            <option value="cl100k_base">cl100k_base (GPT-4, GPT-3.5)</option>
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={requirePriorityOne}
            onChange={(event) => set({ requirePriorityOne: event.target.checked })}
          />
          Priority 1 is required, up to its share of the budget
        </label>
        <label
          className="check"
          title="Without a focus, the budget is always filled by rank; with one, only what is relevant goes in unless this is on"
        >
          <input
            type="checkbox"
            checked={fill}
            onChange={(event) => set({ fill: event.target.checked })}
          />
          With a focus, fill the rest of the budget with what is not relevant
        </label>
      </details>
    </fieldset>
  );
}

import { memo, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/use-app-store';
import { AutoIncludeSettings } from './auto-include-settings';
import { BudgetMeter } from './budget-meter';
import { FocusField } from './focus-field';
import { GoneList } from './gone-list';
import { Preview } from './preview';
import { Profiles } from './profiles';
import { TokenMap } from './token-map';

// Each part renders from its own part of the store: a frame that says "working" or brings a
// new total must not render the settings, the preview and the token map again with the pane
// (each of a toggle's four frames rendered all of them, and React set every input's name and type).
const Focus = memo(FocusField);
const Settings = memo(AutoIncludeSettings);
const Meter = memo(BudgetMeter);
const Gone = memo(GoneList);
const Assembled = memo(Preview);
const Tokens = memo(TokenMap);
const Kept = memo(Profiles);

/**
 * The context, as the host's frames say it: the focus and auto-include settings, the budget
 * meter, what is gone, the assembled text exactly as a model would receive it (with copy and
 * save), where the tokens go, and profiles. The host curates; this pane only shows and asks.
 */
export function ContextPane() {
  const state = useAppStore((store) => store.context.state);
  const read = useAppStore((store) => store.context.read);
  const error = useAppStore((store) => store.context.error);
  const warnings = useAppStore(useShallow((store) => store.context.warnings));
  const sessionProblem = useAppStore((store) => store.context.sessionProblem);
  const stale = useAppStore((store) => store.context.includedStale);
  const setShown = useAppStore((store) => store.setContextShown);
  // The host builds the focus index ahead while the pane is shown.
  useEffect(() => {
    setShown(true);
    return () => setShown(false);
  }, [setShown]);
  return (
    <div className="context-pane" data-curation={state} data-reads={read}>
      <Focus />
      <Settings />
      <Meter />
      {state === 'failed' ? (
        <p className="error-text small" role="alert">
          Could not assemble the context: {error}
        </p>
      ) : null}
      {sessionProblem ? (
        <p className="warn-text small" role="status">
          This curation is not kept across restarts: {sessionProblem}
        </p>
      ) : null}
      {stale > 0 ? (
        <p className="warn-text small" role="status">
          {stale.toLocaleString('en')} {stale === 1 ? 'resource comes' : 'resources come'} from a
          server that is down while it reconnects: the text shown is the last read, not current.
        </p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning} className="warn-text small" role="status">
          {warning}
        </p>
      ))}
      <Gone />
      <Assembled />
      <Tokens />
      <Kept />
    </div>
  );
}

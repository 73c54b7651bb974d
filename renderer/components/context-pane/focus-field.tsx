import { useId } from 'react';
import { MAX_FOCUS_LENGTH, READ_ALL_FOR_FOCUS } from '../../../shared/context/focus-limits';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { useDraft } from './use-draft';
import { useSetting } from './use-setting';

/**
 * What the agent is about to do, in a line of free text: auto-include ranks every resource by
 * relevance to it, which works on servers that set no annotations at all. Typed text stays as
 * typed while the host's frames catch up (use-draft.ts).
 */
export function FocusField() {
  const focus = useSetting('focus') ?? '';
  const auto = useSetting('auto');
  const seen = useAppStore((state) => state.context.focusSeen);
  const pending = useAppStore((state) => state.context.focusPending);
  const fill = useSetting('fill');
  const set = useAppStore((state) => state.setContextSettings);
  const field = useDraft(focus, (text) => set({ focus: text }));
  const id = useId();
  return (
    <div className="focus-field">
      <label htmlFor={`${id}-focus`}>Focus</label>
      <input
        id={`${id}-focus`}
        type="search"
        value={field.value}
        maxLength={MAX_FOCUS_LENGTH}
        placeholder="What is the agent about to do? e.g. rotate the database credentials"
        aria-describedby={`${id}-focus-hint`}
        onFocus={field.onFocus}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
      />
      <p id={`${id}-focus-hint`} className="muted small">
        {auto
          ? focusHint(focus, seen, pending, fill === true)
          : 'Turn on auto-include below to rank resources by this focus.'}
      </p>
    </div>
  );
}

/** What the focus looks at, and once set, how much of the catalog's text it read. */
function focusHint(
  focus: string,
  seen: { read: number; of: number } | undefined,
  pending: number | undefined,
  fill: boolean,
): string {
  const how = `Auto-include ranks resources by how well their text, title, name, description and URI match it${fill ? ', then fills the budget with the rest' : ', and leaves out what does not match'}; each decision names what matched.`;
  if (!focus.trim() || !seen) return how;
  if (pending)
    return `${how} Ranked by the text of ${formatCount(seen.read)} resources read so far; reading ${formatCount(pending)} more…`;
  if (seen.read >= seen.of)
    return `${how} It read the text of all ${formatCount(seen.of)} ${seen.of === 1 ? 'resource' : 'resources'}.`;
  return seen.of > READ_ALL_FOR_FOCUS
    ? `${how} It read the text of ${formatCount(seen.read)} of ${formatCount(seen.of)} resources, the best by name and description.`
    : `${how} It read the text of ${formatCount(seen.read)} of ${formatCount(seen.of)} resources; the others could not be read.`;
}

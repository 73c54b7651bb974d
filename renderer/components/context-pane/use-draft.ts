/**
 * A field the user types into while frames arrive. While it has focus it shows the user's own
 * text (a draft), whatever the frames say, so no keystroke is lost and nothing jumps; once it
 * loses focus it shows the host's value again. Changes go to the host as they are typed.
 */
import { useState } from 'react';

/** What happens to a field. */
export type DraftEvent = { type: 'focus' } | { type: 'input'; text: string } | { type: 'blur' };

/** The draft after an event: null when the field is not being edited. */
export function nextDraft(
  draft: string | null,
  event: DraftEvent,
  committed: string,
): string | null {
  if (event.type === 'focus') return draft ?? committed;
  if (event.type === 'input') return event.text;
  return null;
}

/** What the field shows. */
export function draftValue(draft: string | null, committed: string): string {
  return draft ?? committed;
}

export interface DraftField {
  value: string;
  onFocus(): void;
  onChange(text: string): void;
  onBlur(): void;
}

/** `committed` is the host's value as shown; `send` is called with each change typed. */
export function useDraft(committed: string, send: (text: string) => void): DraftField {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    value: draftValue(draft, committed),
    onFocus: () => setDraft((current) => nextDraft(current, { type: 'focus' }, committed)),
    onChange(text) {
      setDraft((current) => nextDraft(current, { type: 'input', text }, committed));
      send(text);
    },
    onBlur: () => setDraft((current) => nextDraft(current, { type: 'blur' }, committed)),
  };
}

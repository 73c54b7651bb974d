import { describe, expect, it } from 'vitest';
import { draftValue, nextDraft, type DraftEvent } from './use-draft';

/** Plays events and host values against a field; returns what it showed after each. */
function play(steps: ({ host: string } | DraftEvent)[]): string[] {
  let committed = '';
  let draft: string | null = null;
  const shown: string[] = [];
  for (const step of steps) {
    if ('host' in step) committed = step.host;
    else draft = nextDraft(draft, step, committed);
    shown.push(draftValue(draft, committed));
  }
  return shown;
}

describe('a field typed into while frames arrive', () => {
  it('keeps every keystroke while frames with older text come in, then shows the host’s text once left', () => {
    expect(
      play([
        { type: 'focus' },
        { type: 'input', text: 'd' },
        { type: 'input', text: 'da' },
        // The frame answering "d" arrives after "da" was typed: the field does not jump back.
        { host: 'd' },
        { type: 'input', text: 'dar' },
        { host: 'da' },
        { host: 'dar' },
        { type: 'blur' },
        // Another window changes it: the field follows, now that it is not being edited.
        { host: 'dark mode' },
      ]),
    ).toEqual(['', 'd', 'da', 'da', 'dar', 'dar', 'dar', 'dar', 'dark mode']);
  });

  it('ignores frames while focused even before anything is typed, and drops an unsent draft on blur', () => {
    expect(
      play([
        { host: '8000' },
        { type: 'focus' },
        { host: '9000' },
        { type: 'input', text: '8o' },
        { type: 'blur' },
      ]),
    ).toEqual(['8000', '8000', '8000', '8o', '9000']);
  });
});

import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { TemplateVariable } from '../../../shared/catalog/uri-template-variables';
import type { CompletionResult } from '../../../shared/mcp-types';
import { describeVariable, operatorMark } from './expand-template';
import { moreNote, moveActive } from './suggestion-model';
import type { Suggestions } from './completion-requests';

interface VariableComboboxProps {
  variable: TemplateVariable;
  value: string;
  /** This field's suggestions, or null when the list is for another field or closed. */
  suggestions: Suggestions | null;
  /** The user typed: store the value and ask for suggestions. */
  onInput(value: string): void;
  /** The user picked a suggestion: store it, ask for nothing. */
  onAccept(value: string): void;
  onFocus(): void;
  onClose(): void;
}

/**
 * One template variable as a text field with suggestions, following the WAI-ARIA combobox
 * pattern: focus stays in the input, the active option is named by aria-activedescendant.
 * Suggestions are server strings, so they are rendered as text only.
 */
export function VariableCombobox({
  variable,
  value,
  suggestions,
  onInput,
  onAccept,
  onFocus,
  onClose,
}: VariableComboboxProps) {
  const inputId = useId();
  const listboxId = useId();
  const hintId = useId();
  // The highlight belongs to one list: when a new list arrives, nothing is highlighted.
  const [highlight, setHighlight] = useState<{ result: CompletionResult | null; index: number }>({
    result: null,
    index: -1,
  });
  const [dismissed, setDismissed] = useState(false);
  const values = suggestions?.result.values ?? [];
  const active =
    highlight.result !== null && highlight.result === suggestions?.result ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ result: suggestions?.result ?? null, index });
  const note = suggestions ? moreNote(suggestions.result) : null;
  const failed = suggestions?.status === 'failed';
  const expanded = suggestions !== null && !dismissed && (values.length > 0 || failed);
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const mark = operatorMark(variable);
  const hint = mark === '' ? null : describeVariable(variable);

  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function accept(index: number): void {
    const picked = values[index];
    if (picked === undefined) return;
    onAccept(picked);
    setDismissed(true);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setDismissed(false);
        if (!suggestions) onFocus();
        return;
      }
      setActive(moveActive(active, values.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if ((event.key === 'Enter' || event.key === 'Tab') && expanded && active >= 0) {
      // Enter would otherwise submit the form; Tab accepts and still moves focus on.
      if (event.key === 'Enter') event.preventDefault();
      accept(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  }

  return (
    <div className="template-variable">
      {/* The hint sits beside the label, where the open suggestion list cannot cover it. */}
      <div className="variable-label-row">
        <label htmlFor={inputId}>
          <span className="mono">{variable.name}</span>
          {mark ? <span className="operator-mark"> {mark}</span> : null}
        </label>
        {hint ? (
          <span id={hintId} className="muted small">
            {hint}
          </span>
        ) : null}
      </div>
      <div className="combobox">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={hint ? hintId : undefined}
          value={value}
          onChange={(event) => {
            setDismissed(false);
            onInput(event.target.value);
          }}
          onFocus={() => {
            setDismissed(false);
            onFocus();
          }}
          onBlur={() => {
            setActive(-1);
            onClose();
          }}
          onKeyDown={onKeyDown}
        />
        <div className="suggestions" hidden={!expanded}>
          <ul role="listbox" id={listboxId} aria-label={`Suggestions for ${variable.name}`}>
            {values.map((suggestion, index) => (
              <li
                key={`${index}:${suggestion}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="suggestion"
                // Keep focus in the input so the click does not blur it and close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => accept(index)}
              >
                {suggestion}
              </li>
            ))}
          </ul>
          {failed ? (
            <p className="suggestions-note error-text">Could not fetch suggestions.</p>
          ) : null}
          {note ? <p className="suggestions-note muted">{note}</p> : null}
        </div>
      </div>
    </div>
  );
}

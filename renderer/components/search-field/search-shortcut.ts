/** Which keystrokes jump to the search field. Pure, so the rule is tested without a DOM. */

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True when the keystroke goes to a text field, where "/" is just a character. */
  inTextField: boolean;
}

/** "/" anywhere but a text field; Ctrl+F or Cmd+F everywhere (replacing the page's find). */
export function isSearchShortcut(event: ShortcutKey): boolean {
  if (event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && (event.key === 'f' || event.key === 'F')) return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.inTextField;
}

/** True for a target that takes typed text. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    )
  );
}

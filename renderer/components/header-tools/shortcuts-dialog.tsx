import { useEffect, useRef, useState } from 'react';
import { isTextField } from '../search-field/search-shortcut';
import { isShortcutsKey, SHORTCUTS } from './shortcuts';

/**
 * The header's Shortcuts button, and the list it opens; "?" opens it from anywhere but a text
 * field.
 */
export function ShortcutsButton() {
  const [open, setOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  // Focus goes back where it was when the list closes.
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        !isShortcutsKey({
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inTextField: isTextField(event.target),
        })
      )
        return;
      // Before the tree's type-ahead takes it as a letter.
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  useEffect(() => {
    if (open) {
      before.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      close.current?.focus();
    } else before.current?.focus();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="header-toggle"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={() => setOpen(true)}
      >
        Shortcuts
      </button>
      {open ? (
        <div
          className="dialog-backdrop"
          onMouseDown={(event) => event.target === event.currentTarget && setOpen(false)}
        >
          <div
            className="dialog shortcuts-dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby="shortcuts-title"
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          >
            <div className="dialog-head">
              <h2 id="shortcuts-title">Keyboard shortcuts</h2>
              <button ref={close} type="button" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
            <div className="shortcuts-body">
              {SHORTCUTS.map((group) => (
                <table key={group.where} className="shortcuts-table">
                  <caption>{group.where}</caption>
                  <tbody>
                    {group.shortcuts.map((shortcut) => (
                      <tr key={`${shortcut.keys.join()}-${shortcut.does}`}>
                        <th scope="row">
                          {shortcut.keys.map((key, at) => (
                            <span key={key}>
                              {at > 0 ? ' ' : ''}
                              <kbd>{key}</kbd>
                            </span>
                          ))}
                        </th>
                        <td>{shortcut.does}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ))}
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}

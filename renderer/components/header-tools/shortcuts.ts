/**
 * Every keyboard shortcut of the app, in one list: what the shortcuts dialog shows. Kept by
 * hand beside the handlers (use-tree-keys.ts, search-shortcut.ts, tabs, the splitter, the trace
 * list, the variable combobox, react-arborist's own keys): a new shortcut is added here too.
 */
export interface Shortcut {
  keys: string[];
  does: string;
}

export const SHORTCUTS: { where: string; shortcuts: Shortcut[] }[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      { keys: ['?'], does: 'this list of shortcuts' },
      { keys: ['/'], does: 'search the catalog' },
      {
        keys: ['Ctrl+F', '⌘F'],
        does: 'search the catalog (instead of the browser’s find, which cannot see the rows not drawn)',
      },
      { keys: ['Esc'], does: 'close a dialog; in the search field, clear the search' },
    ],
  },
  {
    where: 'Resource tree',
    shortcuts: [
      { keys: ['↑', '↓'], does: 'the previous or next row' },
      { keys: ['→'], does: 'open a folder, or go to its first row' },
      { keys: ['←'], does: 'close a folder, or go to the folder above' },
      { keys: ['Home', 'End'], does: 'the first or last row' },
      { keys: ['PgUp', 'PgDn'], does: 'a page up or down' },
      { keys: ['*'], does: 'open every folder beside this one' },
      { keys: ['Enter'], does: 'open the resource in the Resource tab' },
      {
        keys: ['Space'],
        does: 'pick or unpick it for the context (a folder: everything shown under it)',
      },
      { keys: ['Alt+P'], does: 'pin it into the context, or unpin it' },
      { keys: ['Alt+E'], does: 'exclude it from the context, or include it again' },
      { keys: ['a–z, 0–9'], does: 'go to the next row whose name starts with what you type' },
    ],
  },
  {
    where: 'Elsewhere',
    shortcuts: [
      { keys: ['←', '→'], does: 'on the Resource and Context tabs: the other tab' },
      { keys: ['←', '→'], does: 'on a column splitter: resize the column (Shift: by more)' },
      { keys: ['↑', '↓'], does: 'in the protocol trace: the previous or next message' },
      { keys: ['↑', '↓', 'Enter', 'Tab'], does: "in a template's variable: choose a completion" },
    ],
  },
];

/** True for the key that opens the list: "?" typed outside a text field, without Ctrl, ⌘ or Alt. */
export function isShortcutsKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  inTextField: boolean;
}): boolean {
  return (
    event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.inTextField
  );
}

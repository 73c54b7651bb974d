/**
 * The page's theme: the one the user chose, or the OS's. It sets `data-theme` on the root
 * element (styles.css swaps its colours on it) and tells whoever asks (server icons made for a
 * theme). The last choice is also kept in the page's storage, for the first paint before the
 * host answers.
 */
import type { Preferences } from '../shared/host-api';

type Choice = Preferences['theme'];
const media = window.matchMedia('(prefers-color-scheme: dark)');
const KEY = 'mcp-context-theme';
const listeners = new Set<() => void>();
let choice: Choice = 'system';

export function resolvedTheme(): 'light' | 'dark' {
  return choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
}

function apply(): void {
  document.documentElement.dataset.theme = resolvedTheme();
  for (const listener of listeners) listener();
}

media.addEventListener('change', () => choice === 'system' && apply());

/** The choice kept in the page's storage, if any: the theme of the first paint. */
export function storedTheme(storage: Pick<Storage, 'getItem'> | null): Choice {
  const kept = storage?.getItem(KEY);
  return kept === 'light' || kept === 'dark' || kept === 'system' ? kept : 'system';
}

export function applyTheme(next: Choice, storage: Pick<Storage, 'setItem'> | null): void {
  choice = next;
  try {
    storage?.setItem(KEY, next);
  } catch {
    // Storage full or refused: the host keeps it anyway.
  }
  apply();
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

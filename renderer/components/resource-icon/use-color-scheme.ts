import { useSyncExternalStore } from 'react';
import { resolvedTheme, subscribeTheme } from '../../theme';

/**
 * The page's colour scheme (the user's choice, or the OS's), so server icons made for a theme show
 * on the matching one.
 */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeTheme, resolvedTheme);
}

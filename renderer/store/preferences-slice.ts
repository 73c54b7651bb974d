/**
 * The preferences slice: the theme the user chose (the OS's, light or dark), kept by the host
 * across runs, and the one line that says why it could not be kept, if it could not.
 */
import type { StateCreator } from 'zustand';
import type { Preferences } from '../../shared/host-api';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { describeError } from './describe-error';

export interface PreferencesSlice {
  theme: Preferences['theme'];
  preferencesProblem: string | null;
  /** Reads them from the host, once at start. */
  loadPreferences(): Promise<void>;
  setTheme(theme: Preferences['theme']): Promise<void>;
}

export function createPreferencesSlice(
  api: Pick<WindowApi, 'getPreferences' | 'setPreferences'>,
  initialTheme: Preferences['theme'],
): StateCreator<AppState, [], [], PreferencesSlice> {
  return (set) => ({
    theme: initialTheme,
    preferencesProblem: null,
    async loadPreferences() {
      try {
        const kept = await api.getPreferences();
        set({ theme: kept.theme, preferencesProblem: kept.problem ?? null });
      } catch (error) {
        set({
          preferencesProblem: `The preferences could not be read: ${describeError(error).message}`,
        });
      }
    },
    async setTheme(theme) {
      // Shown at once; kept by the host.
      set({ theme });
      try {
        const kept = await api.setPreferences({ theme });
        set({ preferencesProblem: kept.problem ?? null });
      } catch (error) {
        set({ preferencesProblem: `The theme could not be kept: ${describeError(error).message}` });
      }
    },
  });
}

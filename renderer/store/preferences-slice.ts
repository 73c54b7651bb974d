/**
 * The preferences slice: the theme the user chose (the OS's, light or dark), kept by the host
 * across runs, and the one line that says why it could not be kept, if it could not.
 */
import type { Preferences } from '../../shared/host-api';
import type { WindowApi } from '../../shared/window-api';
import type { PreferencesSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';

export function createPreferencesSlice(
  api: Pick<WindowApi, 'getPreferences' | 'setPreferences'>,
  initialTheme: Preferences['theme'],
): SliceCreator<PreferencesSlice> {
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

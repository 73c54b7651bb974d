import type { ContextSettings } from '../../../shared/context/context-wire';
import { shownSetting } from '../../store/context-slice';
import { useAppStore } from '../../store/use-app-store';

/** One context setting as shown: the frame's, or what was just sent and not answered yet. */
export function useSetting<K extends keyof ContextSettings>(key: K): ContextSettings[K] {
  return useAppStore((state) => shownSetting(state, key));
}

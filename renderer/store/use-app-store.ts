/** The React side of the store: a context holding it, and a selector hook. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './app-state';

export const AppStoreContext = createContext<AppStore | null>(null);

/** Select a narrow piece of state; wrap derived arrays in `useShallow`. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore needs an AppStoreContext provider');
  return useStore(store, selector);
}

/** The store itself, for actions that read the state when they run rather than on render. */
export function useAppStoreApi(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStoreApi needs an AppStoreContext provider');
  return store;
}

/**
 * How this folder reaches the HostApi. The store keeps `api` in its slices' closures and
 * exposes no completion action, so the composition root (renderer/main.tsx) has to provide it:
 *   <HostApiContext.Provider value={api}> … </HostApiContext.Provider>
 */
import { createContext, useContext } from 'react';
import type { WindowApi as HostApi } from '../../../shared/window-api';

/** The page's one HostApi, as chosen by renderer/api.ts. */
export const HostApiContext = createContext<HostApi | null>(null);

/**
 * The HostApi, or null when no provider is mounted (the detail then says so instead of crashing).
 */
export function useHostApi(): HostApi | null {
  return useContext(HostApiContext);
}

/** The template detail's own read, as a hook: a store for ContentView that follows the app's. */
import { useContext, useEffect, useState } from 'react';
import type { HostCalls } from '../../../shared/host-api';
import type { ServerId } from '../../../shared/mcp-types';
import { AppStoreContext } from '../../store/use-app-store';
import { createTemplateReadStore, type TemplateReadStore } from './template-read-store';

/** One read store per mounted form; it cancels its read in flight when the form goes away. */
export function useTemplateRead(api: HostCalls, serverId: ServerId): TemplateReadStore {
  const parent = useContext(AppStoreContext);
  if (!parent) throw new Error('useTemplateRead needs an AppStoreContext provider');
  const [reader] = useState(() => createTemplateReadStore(parent.getState(), api, serverId));
  useEffect(() => {
    reader.mirror(parent.getState());
    const unsubscribe = parent.subscribe((state) => reader.mirror(state));
    return () => {
      unsubscribe();
      reader.store.getState().cancelRead();
    };
  }, [parent, reader]);
  return reader;
}

/**
 * The one store, built from slices (zustand's slices pattern). Middleware, if any, goes here only.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { WindowApi } from '../../shared/window-api';
import { createCatalogSlice, type CatalogSlice } from './catalog-slice';
import { createContextSlice, type ContextSlice } from './context-slice';
import type { ColumnSizes } from './column-sizes';
import { createHostSlice, type HostSlice } from './host-slice';
import { createPicksSlice, type PicksSlice } from './picks-slice';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createServersSlice, type ServersSlice } from './servers-slice';
import { createChecksSlice, type ChecksSlice } from './checks-slice';
import { createCapturesSlice, type CapturesSlice } from './captures-slice';
import { createTraceSlice, type TraceSlice } from './trace-slice';
import { createTreeSlice, type TreeSlice } from './tree-slice';
import { createUiSlice, type UiSlice } from './ui-slice';
import { createPreferencesSlice, type PreferencesSlice } from './preferences-slice';
import type { Preferences } from '../../shared/host-api';
import { createAuthSlice, type AuthSlice, type SignInTab } from './auth-slice';

export type AppState = ServersSlice &
  CatalogSlice &
  SelectionSlice &
  UiSlice &
  HostSlice &
  TreeSlice &
  PicksSlice &
  ContextSlice &
  TraceSlice &
  ChecksSlice &
  CapturesSlice &
  PreferencesSlice &
  AuthSlice;
export type AppStore = StoreApi<AppState>;

export interface AppStoreOptions {
  api: WindowApi;
  columns: ColumnSizes;
  storage: Pick<Storage, 'setItem'> | null;
  /** The theme of the first paint, until the host's preferences arrive. */
  theme?: Preferences['theme'];
  /**
   * Browser mode: opens the tab a sign-in goes through (the desktop's host opens the system
   * browser).
   */
  signInTab?: SignInTab;
}

export function createAppStore({
  api,
  columns,
  storage,
  theme = 'system',
  signInTab,
}: AppStoreOptions): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createServersSlice(api)(...a),
    ...createCatalogSlice(...a),
    ...createSelectionSlice(api)(...a),
    ...createUiSlice(columns, storage)(...a),
    ...createHostSlice(...a),
    ...createTreeSlice(api)(...a),
    ...createPicksSlice(api)(...a),
    ...createContextSlice(api)(...a),
    ...createTraceSlice(api)(...a),
    ...createChecksSlice(api)(...a),
    ...createCapturesSlice(api)(...a),
    ...createPreferencesSlice(api, theme)(...a),
    ...createAuthSlice(api, signInTab)(...a),
  }));
}

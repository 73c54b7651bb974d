/**
 * The one store, built from slices (zustand's slices pattern): each slice's creator, composed.
 * Its shape is in app-state.ts. Middleware, if any, goes here only.
 */
import { createStore } from 'zustand/vanilla';
import type { WindowApi } from '../../shared/window-api';
import { createCatalogSlice } from './catalog-slice';
import { createContextSlice } from './context-slice';
import type { ColumnSizes } from './column-sizes';
import { createHostSlice } from './host-slice';
import { createPicksSlice } from './picks-slice';
import { createSelectionSlice } from './selection-slice';
import { createServersSlice } from './servers-slice';
import { createChecksSlice } from './checks-slice';
import { createCapturesSlice } from './captures-slice';
import { createTraceSlice } from './trace-slice';
import { createTreeSlice } from './tree-slice';
import { createUiSlice } from './ui-slice';
import { createPreferencesSlice } from './preferences-slice';
import type { Preferences } from '../../shared/host-api';
import { createAuthSlice } from './auth-slice';
import type { AppState, AppStore, SignInTab } from './app-state';

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

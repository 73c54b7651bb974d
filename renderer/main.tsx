/**
 * Entry point: pick the host face, build the store, start syncing (the context comes with the
 * view), render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from './api';
import { signInStartUrl } from '../shared/ws-protocol';
import { App } from './app';
import { HostApiContext } from './components/template-detail/host-api-context';
import { createAppStore } from './store/app-store';
import { loadColumns } from './store/column-sizes';
import { startHostSync } from './store/host-sync';
import { startViewSync } from './store/view-sync';
import { AppStoreContext } from './store/use-app-store';
import { applyTheme, storedTheme } from './theme';
import './styles.css';
import './panels.css';
import './dialogs.css';

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Some sandboxes throw on access; sizes then just do not persist.
    return null;
  }
}

const { api, link } = connectToHost();
const storage = safeLocalStorage();
// Browser mode signs in through a tab of its own, opened in the user's click; the desktop's host
// opens the system browser.
const signInTab = window.api
  ? undefined
  : (attempt: string) => {
      const tab = window.open('', '_blank');
      if (tab) {
        tab.opener = null;
        tab.document.title = 'Signing in…';
        tab.document.body.textContent = 'Starting the sign-in…';
      }
      let sent = false;
      return {
        opened: tab !== null,
        go() {
          if (!tab || tab.closed || sent) return;
          sent = true;
          tab.location.replace(signInStartUrl(window.location.port, attempt));
        },
        drop() {
          if (tab && !sent) tab.close();
        },
      };
    };
const store = createAppStore({
  api,
  columns: loadColumns(storage),
  storage,
  theme: storedTheme(storage),
  ...(signInTab && { signInTab }),
});
// The theme follows the store: the first paint's from the page's storage, then the host's.
applyTheme(store.getState().theme, storage);
store.subscribe(
  (state, before) => state.theme !== before.theme && applyTheme(state.theme, storage),
);
void store.getState().loadPreferences();
startHostSync(store, api, link);
startViewSync(store, api);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppStoreContext.Provider value={store}>
      <HostApiContext.Provider value={api}>
        <App link={link} />
      </HostApiContext.Provider>
    </AppStoreContext.Provider>
  </StrictMode>,
);

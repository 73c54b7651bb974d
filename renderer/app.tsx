import { useRef } from 'react';
import { CaptureActions } from './components/captures/capture-actions';
import { DiffDialog } from './components/captures/diff-dialog';
import { ReplayBanner } from './components/captures/replay-banner';
import { ConnectForm } from './components/connect-form/connect-form';
import { ConnectionBanner } from './components/connection-banner/connection-banner';
import { PaneSplitter } from './components/pane-splitter/pane-splitter';
import { ProtocolDrawer } from './components/protocol-drawer/protocol-drawer';
import { CatalogPane } from './components/catalog-pane/catalog-pane';
import { RightPane } from './components/right-pane/right-pane';
import { ServerList } from './components/server-list/server-list';
import { ShortcutsButton } from './components/header-tools/shortcuts-dialog';
import { ThemeToggle } from './components/header-tools/theme-toggle';
import type { HostLink } from './host-link';
import { COLUMN_LIMITS } from './store/column-sizes';
import { useAppStore } from './store/use-app-store';

/** The page: header, connection banner, and three resizable columns. */
export function App({ link }: { link: HostLink }) {
  const columns = useAppStore((state) => state.columns);
  const setColumns = useAppStore((state) => state.setColumns);
  const layoutRef = useRef<HTMLDivElement>(null);
  const protocolOpen = useAppStore((state) => state.protocolOpen);
  const setProtocolOpen = useAppStore((state) => state.setProtocolOpen);
  const replay = useAppStore((state) => state.replay);
  const gridTemplateColumns = `minmax(220px, ${columns.left}%) auto minmax(260px, ${columns.middle}%) auto minmax(300px, 1fr)`;
  return (
    <div className="app">
      <header className="app-header">
        <h1>MCP Context Inspector</h1>
        <CaptureActions link={link} />
        <span className="header-tools">
          <ThemeToggle />
          <ShortcutsButton />
        </span>
        <button
          type="button"
          className="header-toggle"
          aria-pressed={protocolOpen}
          onClick={() => setProtocolOpen(!protocolOpen)}
        >
          Protocol trace
        </button>
      </header>
      <ReplayBanner />
      <ConnectionBanner link={link} />
      <main className="layout" ref={layoutRef} style={{ gridTemplateColumns }}>
        <div className="pane servers-pane">
          <ServerList />
          {replay ? null : <ConnectForm />}
        </div>
        <PaneSplitter
          label="Resize the servers column"
          value={columns.left}
          min={COLUMN_LIMITS.left.min}
          max={COLUMN_LIMITS.left.max}
          start={0}
          containerRef={layoutRef}
          onChange={(left) => setColumns({ ...columns, left })}
        />
        <CatalogPane />
        <PaneSplitter
          label="Resize the catalog column"
          value={columns.middle}
          min={COLUMN_LIMITS.middle.min}
          max={Math.min(COLUMN_LIMITS.middle.max, 100 - COLUMN_LIMITS.detailMin - columns.left)}
          start={columns.left}
          containerRef={layoutRef}
          onChange={(middle) => setColumns({ ...columns, middle })}
        />
        <RightPane />
      </main>
      {protocolOpen ? <ProtocolDrawer /> : null}
      <DiffDialog />
    </div>
  );
}

import { TracePanel } from '../trace-panel/trace-panel';

/** Below the columns, opened from the header: the protocol trace. */
export function ProtocolDrawer() {
  return (
    <section className="protocol-drawer" aria-label="Protocol">
      <h2 className="visually-hidden">Protocol trace</h2>
      <TracePanel />
    </section>
  );
}

import { useAppStore } from '../../store/use-app-store';
import { Tabs } from '../tabs/tabs';
import { TimelinePanel } from '../timeline-panel/timeline-panel';
import { TracePanel } from '../trace-panel/trace-panel';

const TABS = [
  { id: 'trace', label: 'Trace' },
  { id: 'timeline', label: 'Timeline' },
] as const;

/** Below the columns, opened from the header: the protocol trace and the timeline, as two tabs. */
export function ProtocolDrawer() {
  const tab = useAppStore((state) => state.protocolTab);
  const setTab = useAppStore((state) => state.setProtocolTab);
  return (
    <section className="protocol-drawer" aria-label="Protocol">
      <Tabs label="Protocol" tabs={TABS} current={tab} onChange={setTab} className="protocol-panel">
        {tab === 'trace' ? <TracePanel /> : <TimelinePanel />}
      </Tabs>
    </section>
  );
}

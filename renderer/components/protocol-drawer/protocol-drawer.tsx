import { useAppStore } from '../../store/use-app-store';
import { AuthPanel } from '../auth-panel/auth-panel';
import { ChecksPanel } from '../checks-panel/checks-panel';
import { Tabs } from '../tabs/tabs';
import { TimelinePanel } from '../timeline-panel/timeline-panel';
import { TracePanel } from '../trace-panel/trace-panel';

const TABS = [
  { id: 'trace', label: 'Trace' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'checks', label: 'Checks' },
  { id: 'auth', label: 'Auth' },
] as const;

/**
 * Below the columns, opened from the header: the protocol trace, the timeline, the checks and the
 * sign-ins, as tabs.
 */
export function ProtocolDrawer() {
  const tab = useAppStore((state) => state.protocolTab);
  const setTab = useAppStore((state) => state.setProtocolTab);
  return (
    <section className="protocol-drawer" aria-label="Protocol">
      <Tabs label="Protocol" tabs={TABS} current={tab} onChange={setTab} className="protocol-panel">
        {tab === 'trace' ? (
          <TracePanel />
        ) : tab === 'timeline' ? (
          <TimelinePanel />
        ) : tab === 'checks' ? (
          <ChecksPanel />
        ) : (
          <AuthPanel />
        )}
      </Tabs>
    </section>
  );
}

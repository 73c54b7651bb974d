import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { ContextPane } from '../context-pane/context-pane';
import { DetailPane } from '../detail-pane/detail-pane';
import { Tabs } from '../tabs/tabs';

/** The right column: the open resource, or the context being assembled, as two tabs. */
export function RightPane() {
  const tab = useAppStore((state) => state.rightTab);
  const setTab = useAppStore((state) => state.setRightTab);
  const included = useAppStore((state) => state.context.includedCount);
  const tokens = useAppStore((state) => state.context.total);
  const tabs = [
    { id: 'resource', label: 'Resource' },
    {
      id: 'context',
      label: (
        <>
          Context
          {included > 0 ? (
            <span className="badge tab-count">{`${included} · ${formatCount(tokens)} tok`}</span>
          ) : null}
        </>
      ),
    },
  ] as const;
  return (
    <div className="right-column">
      <Tabs label="Right column" tabs={tabs} current={tab} onChange={setTab} className="tab-panel">
        {tab === 'resource' ? (
          <DetailPane />
        ) : (
          <section className="pane detail-pane" aria-label="Context">
            <div className="detail-scroll">
              <ContextPane />
            </div>
          </section>
        )}
      </Tabs>
    </div>
  );
}

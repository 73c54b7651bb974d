import type { MouseEvent } from 'react';
import type { NodeRendererProps } from 'react-arborist';
import type { ViewNode } from '../../../shared/catalog/view-wire';
import { entryKey } from '../../../shared/catalog/resource-key';
import type { Mark } from '../../../shared/context/policy';
import type { ResourceEntry } from '../../../shared/mcp-types';
import { checkState } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';
import { ResourceIcon } from '../resource-icon/resource-icon';
import { useColorScheme } from '../resource-icon/use-color-scheme';
import { HighlightedText } from './highlighted-text';
import { labelRanges } from './highlight-segments';
import { RowFacts } from './row-facts';
import { useRowMark } from './use-row-mark';

/** What a row shows: twisty, checkbox, icon, label with search highlights, then its facts. */
export function TreeNode({ node, style }: NodeRendererProps<ViewNode>) {
  const data = node.data;
  const mark = useRowMark(data);
  const checked = checkState(data, mark);
  const togglePick = useAppStore((state) => state.togglePick);
  const match = data.match;
  const theme = useColorScheme();
  const entry = data.resource ?? data.template;

  function onTwisty(event: MouseEvent) {
    event.stopPropagation();
    node.toggle();
  }
  function onCheck(event: MouseEvent) {
    // Picking is not selecting: the detail pane stays where it is.
    event.stopPropagation();
    togglePick(data);
  }

  return (
    <div
      className={`tree-node${data.fresh ? ` fresh-${data.fresh}` : ''}`}
      style={style}
      title={data.resource?.uri ?? data.template?.uriTemplate}
    >
      <div className="tree-node-row">
        <span
          className="twisty"
          aria-hidden="true"
          onClick={node.isInternal ? onTwisty : undefined}
        >
          {node.isInternal ? (node.isOpen ? '▾' : '▸') : ''}
        </span>
        {checked === null ? (
          <span className="tree-check-space" />
        ) : (
          <span
            className={`tree-check check-${String(checked)}`}
            aria-hidden="true"
            onClick={onCheck}
          />
        )}
        <ResourceIcon
          kind={data.kind}
          icons={entry?.icons}
          mimeType={entry?.mimeType}
          theme={theme}
        />
        <span className="tree-label">
          <HighlightedText text={data.label} ranges={labelRanges(data, match)} />
        </span>
        {data.fresh ? (
          <span className={`badge fresh-badge fresh-badge-${data.fresh}`}>
            {data.fresh === 'added' ? 'new' : 'changed'}
          </span>
        ) : null}
        {data.resource && node.isSelected ? (
          <RowMarks resource={data.resource} mark={mark} hostMark={data.mark} />
        ) : null}
        <RowFacts
          node={data}
          selected={node.isSelected && data.resource !== undefined}
          markShown={mark === 'pin' || mark === 'exclude' ? mark : undefined}
        />
      </div>
    </div>
  );
}

/**
 * Pin and exclude on the selected row (not on hover: they would appear under the pointer of a
 * click meant to open the row; a row with a mark says so with its decision badge).
 * Alt+P and Alt+E do the same from the keyboard; the tree's keys stay the tree's, hence no tab
 * stop.
 */
function RowMarks({
  resource,
  mark,
  hostMark,
}: {
  resource: ResourceEntry;
  mark: Mark | undefined;
  hostMark: Mark | undefined;
}) {
  const toggleMark = useAppStore((state) => state.toggleMark);
  const label = resource.title || resource.name;
  const press = (event: MouseEvent, what: 'pin' | 'exclude') => {
    event.stopPropagation();
    toggleMark(entryKey(resource), hostMark, what);
  };
  return (
    <span className="row-marks">
      <button
        type="button"
        tabIndex={-1}
        className={`row-mark${mark === 'pin' ? ' on' : ''}`}
        aria-pressed={mark === 'pin'}
        aria-label={`Pin ${label}`}
        title="Pin into the context (Alt+P)"
        onClick={(event) => press(event, 'pin')}
      >
        Pin
      </button>
      <button
        type="button"
        tabIndex={-1}
        className={`row-mark${mark === 'exclude' ? ' on' : ''}`}
        aria-pressed={mark === 'exclude'}
        aria-label={`Exclude ${label}`}
        title="Keep out of the context (Alt+E)"
        onClick={(event) => press(event, 'exclude')}
      >
        Exclude
      </button>
    </span>
  );
}

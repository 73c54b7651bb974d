import { useContext, type MouseEvent } from 'react';
import type { NodeRendererProps } from 'react-arborist';
import type { CatalogNode } from '../../../shared/catalog/tree-types';
import { checkState } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';
import { ResourceIcon } from '../resource-icon/resource-icon';
import { useColorScheme } from '../resource-icon/use-color-scheme';
import { HighlightedText } from './highlighted-text';
import { labelRanges } from './highlight-segments';
import { RowFacts } from './row-facts';
import { MatchesContext } from './tree-context';

/** What a row shows: twisty, checkbox, icon, label with search highlights, then its facts. */
export function TreeNode({ node, style }: NodeRendererProps<CatalogNode>) {
  const data = node.data;
  const checked = useAppStore((state) => checkState(data, state.pickCounts, state.picked));
  const togglePick = useAppStore((state) => state.togglePick);
  const match = useContext(MatchesContext).get(data);
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
    <div className="tree-node" style={style} title={data.resource?.uri ?? data.template?.uriTemplate}>
      <span className="twisty" aria-hidden="true" onClick={node.isInternal ? onTwisty : undefined}>
        {node.isInternal ? (node.isOpen ? '▾' : '▸') : ''}
      </span>
      {checked === null ? (
        <span className="tree-check-space" />
      ) : (
        <span className={`tree-check check-${String(checked)}`} aria-hidden="true" onClick={onCheck} />
      )}
      <ResourceIcon kind={data.kind} icons={entry?.icons} mimeType={entry?.mimeType} theme={theme} />
      <span className="tree-label">
        <HighlightedText text={data.label} ranges={labelRanges(data, match)} />
      </span>
      <RowFacts node={data} />
    </div>
  );
}

import type { RowRendererProps } from 'react-arborist';
import type { ViewNode } from '../../../shared/catalog/view-wire';
import { checkState } from '../../store/pick-state';
import { useRowMark } from './use-row-mark';

/**
 * The treeitem element. react-arborist gives role, aria-level, aria-selected and
 * aria-expanded; we add what a checkbox tree needs: aria-checked (true/false/mixed), the label
 * as the accessible name (the row also shows badges and sizes), aria-expanded only on rows
 * that can expand (arborist sets it to false on leaves), and the position in the set, which a
 * virtualized list cannot convey by itself.
 */
export function TreeRow({ node, attrs, innerRef, children }: RowRendererProps<ViewNode>) {
  const data = node.data;
  const checked = checkState(data, useRowMark(data));
  const siblings = node.parent?.children?.length ?? 1;
  return (
    <div
      {...attrs}
      ref={innerRef}
      aria-label={data.label}
      aria-expanded={node.isInternal ? node.isOpen : undefined}
      aria-checked={checked === null ? undefined : checked}
      aria-setsize={siblings}
      aria-posinset={node.childIndex + 1}
      className={`tree-row kind-${data.kind}${node.isSelected ? ' is-selected' : ''}${node.isFocused ? ' is-focused' : ''}`}
      // Arborist's own row stops focus events here so the container does not refocus itself.
      onFocus={(event) => event.stopPropagation()}
      onClick={node.handleClick}
    >
      {children}
    </div>
  );
}

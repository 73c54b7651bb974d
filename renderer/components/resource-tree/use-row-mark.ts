import { entryKey } from '../../../shared/catalog/resource-key';
import type { ViewNode } from '../../../shared/catalog/view-wire';
import type { Mark } from '../../../shared/context/policy';
import { shownMark } from '../../store/context-slice';
import { useAppStore } from '../../store/use-app-store';

/**
 * A resource row's mark: its frame's, or one the user just set that the host has not answered yet.
 */
export function useRowMark(node: ViewNode): Mark | undefined {
  return useAppStore((state) =>
    node.resource && state.marksSent.size > 0
      ? shownMark(state.marksSent, entryKey(node.resource), node.mark)
      : node.mark,
  );
}

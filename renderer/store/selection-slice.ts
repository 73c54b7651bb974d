/** The selection slice: which resource is selected, and the read of its content. */
import type { ReadResult } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { SelectionSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';
import { sameResource, type ResourceKey } from '../../shared/catalog/resource-key';

export function createSelectionSlice(api: WindowApi): SliceCreator<SelectionSlice> {
  let counter = 0;
  /**
   * An update came while a read was in flight: it is read again once that read ends, not cancelled.
   */
  let updatedMeanwhile = false;
  return (set, get) => {
    function stopInFlight(): void {
      const { read } = get();
      // The host ignores unknown ids, so a request that already finished is harmless to cancel.
      if (read.status === 'loading') void api.cancelRequest(read.requestId).catch(() => {});
    }

    function startRead(key: ResourceKey, previous?: ReadResult, update = false): void {
      stopInFlight();
      const requestId = `read-${Date.now().toString(36)}-${++counter}`;
      set({
        read: previous
          ? { status: 'loading', requestId, previous }
          : { status: 'loading', requestId },
      });
      const isCurrent = () => {
        const { read, selected } = get();
        return (
          read.status === 'loading' && read.requestId === requestId && sameResource(selected, key)
        );
      };
      const again = (last: ReadResult | undefined) => {
        if (!updatedMeanwhile) return;
        updatedMeanwhile = false;
        startRead(key, last, true);
      };
      api.readResource(key.serverId, key.uri, requestId).then(
        (result) => {
          if (!isCurrent()) return;
          const changed =
            previous !== undefined &&
            JSON.stringify(previous.contents) !== JSON.stringify(result.contents);
          set({
            read: {
              status: 'loaded',
              result,
              at: Date.now(),
              ...(update && previous && { updated: { changed } }),
            },
          });
          again(result);
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          const text = describeError(error);
          set({
            read:
              text.code === 'cancelled'
                ? { status: 'cancelled' }
                : { status: 'failed', error: text },
          });
          again(previous);
        },
      );
    }

    /** Subscribes to what is on screen, so updates re-read it; drops the old server's watch. */
    function watchOnly(previous: ResourceKey | null, next: ResourceKey | null): void {
      if (previous && previous.serverId !== next?.serverId)
        void api.watchResources(previous.serverId, []).catch(() => {});
      if (next) void api.watchResources(next.serverId, [next.uri]).catch(() => {});
    }

    return {
      selected: null,
      read: { status: 'idle' },
      select(key) {
        const previous = get().selected;
        if (sameResource(previous, key)) return;
        stopInFlight();
        updatedMeanwhile = false;
        set({ selected: key, read: { status: 'idle' } });
        watchOnly(previous, key);
        if (key) startRead(key);
      },
      reread(cause) {
        const { selected, read } = get();
        if (!selected) return;
        // A server that updates faster than it answers must not cancel every read: the one in
        // flight finishes, and one more follows it.
        if (cause === 'update' && read.status === 'loading') {
          updatedMeanwhile = true;
          return;
        }
        updatedMeanwhile = false;
        const previous =
          read.status === 'loaded'
            ? read.result
            : read.status === 'loading'
              ? read.previous
              : undefined;
        startRead(selected, previous, cause === 'update');
      },
      cancelRead() {
        if (get().read.status !== 'loading') return;
        stopInFlight();
        set({ read: { status: 'cancelled' } });
      },
    };
  };
}

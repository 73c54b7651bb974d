/**
 * The trace slice: whether the Protocol drawer is open and on which tab, the last `trace` and
 * `timeline` frames the host sent this window, and the panels' filters. The host keeps the
 * messages and the timeline, and cuts what is shown.
 */
import type { WindowApi } from '../../shared/window-api';
import type { SliceCreator, TraceSlice } from './app-state';
import { describeError } from './describe-error';

export function createTraceSlice(
  api: Pick<WindowApi, 'updateTrace' | 'updateTimeline'>,
): SliceCreator<TraceSlice> {
  return (set, get) => ({
    protocolOpen: false,
    setProtocolOpen: (protocolOpen) => set({ protocolOpen }),
    trace: null,
    traceFilter: {},
    traceFollow: true,
    traceError: null,
    applyTraceFrame(frame) {
      const state = get();
      if (
        frame.viewId !== state.viewId ||
        (state.trace && frame.frame <= state.trace.frame && frame.frame !== 1)
      )
        return;
      set({ trace: frame, traceError: null });
    },
    sendTrace(patch) {
      if (patch.filter) set({ traceFilter: patch.filter });
      if (patch.follow !== undefined) set({ traceFollow: patch.follow });
      api
        .updateTrace(get().viewId, patch)
        .catch((error: unknown) =>
          set({ traceError: `The trace could not be shown: ${describeError(error).message}` }),
        );
    },
    protocolTab: 'trace',
    setProtocolTab: (protocolTab) => set({ protocolTab }),
    timeline: null,
    timelineFilter: {},
    applyTimelineFrame(frame) {
      const state = get();
      if (
        frame.viewId !== state.viewId ||
        (state.timeline && frame.frame <= state.timeline.frame && frame.frame !== 1)
      )
        return;
      set({ timeline: frame, traceError: null });
    },
    closeProtocolPanel(panel) {
      const viewId = get().viewId;
      const call =
        panel === 'trace'
          ? api.updateTrace(viewId, { closed: true })
          : api.updateTimeline(viewId, { closed: true });
      call.catch(() => undefined);
    },
    sendTimeline(filter) {
      set({ timelineFilter: filter });
      api
        .updateTimeline(get().viewId, filter)
        .catch((error: unknown) =>
          set({ traceError: `The timeline could not be shown: ${describeError(error).message}` }),
        );
    },
  });
}

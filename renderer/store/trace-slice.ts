/**
 * The trace slice: whether the Protocol drawer is open, the last `trace` frame the host sent
 * this window, and the panel's filter. The host keeps the messages and cuts the rows shown.
 */
import type { StateCreator } from 'zustand';
import type { TraceFilter, TraceFrame, TracePatch } from '../../shared/trace-wire';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { describeError } from './describe-error';

export interface TraceSlice {
  protocolOpen: boolean;
  setProtocolOpen(open: boolean): void;
  trace: TraceFrame | null;
  traceFilter: TraceFilter;
  traceFollow: boolean;
  traceError: string | null;
  applyTraceFrame(frame: TraceFrame): void;
  /** Tells the host what the panel shows now; the filter and follow are kept here too. */
  sendTrace(patch: TracePatch): void;
}

export function createTraceSlice(api: Pick<WindowApi, 'updateTrace'>): StateCreator<AppState, [], [], TraceSlice> {
  return (set, get) => ({
    protocolOpen: false,
    setProtocolOpen: (protocolOpen) => set({ protocolOpen }),
    trace: null,
    traceFilter: {},
    traceFollow: true,
    traceError: null,
    applyTraceFrame(frame) {
      const state = get();
      if (frame.viewId !== state.viewId || (state.trace && frame.frame <= state.trace.frame && frame.frame !== 1)) return;
      set({ trace: frame, traceError: null });
    },
    sendTrace(patch) {
      if (patch.filter) set({ traceFilter: patch.filter });
      if (patch.follow !== undefined) set({ traceFollow: patch.follow });
      api.updateTrace(get().viewId, patch).catch((error: unknown) => set({ traceError: `The trace could not be shown: ${describeError(error).message}` }));
    },
  });
}

/** The checks slice: each server's last conformance report, or the run in progress, or why it failed. */
import type { StateCreator } from 'zustand';
import type { CheckReport } from '../../shared/check/check-types';
import type { ServerId } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { describeError } from './describe-error';

export type CheckState = { state: 'running' } | { state: 'done'; report: CheckReport; at: number } | { state: 'failed'; error: string };

export interface ChecksSlice {
  checks: Record<ServerId, CheckState>;
  /** Runs the checks of one server (its process is started again for stdio: a user's action only). */
  runChecks(serverId: ServerId): Promise<void>;
}

export function createChecksSlice(api: Pick<WindowApi, 'checkServer'>): StateCreator<AppState, [], [], ChecksSlice> {
  return (set, get) => ({
    checks: {},
    async runChecks(serverId) {
      if (get().checks[serverId]?.state === 'running') return;
      const put = (value: CheckState) => set((state) => ({ checks: { ...state.checks, [serverId]: value } }));
      put({ state: 'running' });
      try {
        put({ state: 'done', report: await api.checkServer(serverId), at: Date.now() });
      } catch (error) {
        put({ state: 'failed', error: describeError(error).message });
      }
    },
  });
}

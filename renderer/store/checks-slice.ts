/**
 * The checks slice: each server's last conformance report, or the run in progress, or why it
 * failed.
 */
import type { StateCreator } from 'zustand';
import type { CheckReport } from '../../shared/check/check-types';
import type { ServerId } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { describeError } from './describe-error';

export type CheckState =
  | { state: 'running'; requestId: string }
  | { state: 'done'; report: CheckReport; at: number }
  | { state: 'failed'; error: string };

export interface ChecksSlice {
  checks: Record<ServerId, CheckState>;
  /**
   * Runs the checks of one server (its process is started again for stdio: a user's action only).
   */
  runChecks(serverId: ServerId): Promise<void>;
  /**
   * Stops a server's checks in progress (their connections close); the panel says it was cancelled.
   */
  cancelChecks(serverId: ServerId): void;
}

let nextCheck = 1;

export function createChecksSlice(
  api: Pick<WindowApi, 'checkServer' | 'cancelRequest'>,
): StateCreator<AppState, [], [], ChecksSlice> {
  return (set, get) => ({
    checks: {},
    async runChecks(serverId) {
      if (get().checks[serverId]?.state === 'running') return;
      const put = (value: CheckState) =>
        set((state) => ({ checks: { ...state.checks, [serverId]: value } }));
      const requestId = `check-${nextCheck++}`;
      put({ state: 'running', requestId });
      try {
        put({ state: 'done', report: await api.checkServer(serverId, requestId), at: Date.now() });
      } catch (error) {
        put({ state: 'failed', error: describeError(error).message });
      }
    },
    cancelChecks(serverId) {
      const check = get().checks[serverId];
      if (check?.state === 'running') void api.cancelRequest(check.requestId);
    },
  });
}

/**
 * The checks slice: each server's last conformance report, or the run in progress, or why it
 * failed.
 */
import type { WindowApi } from '../../shared/window-api';
import type { CheckState, ChecksSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';

let nextCheck = 1;

export function createChecksSlice(
  api: Pick<WindowApi, 'checkServer' | 'cancelRequest'>,
): SliceCreator<ChecksSlice> {
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../../shared/host-api';
import type { CompletionResult } from '../../../shared/mcp-types';
import {
  COMPLETION_DEBOUNCE_MS,
  createCompletionRequests,
  type Suggestions,
} from './completion-requests';

function harness() {
  const answers = new Map<string, (result: CompletionResult) => void>();
  const api = {
    completeArgument: vi.fn(
      (
        _serverId: string,
        _template: string,
        _argument: { name: string; value: string },
        _context: Record<string, string>,
        requestId?: string,
      ) => new Promise<CompletionResult>((resolve) => answers.set(requestId ?? '', resolve)),
    ),
    cancelRequest: vi.fn(async () => {}),
  } as unknown as HostApi & {
    completeArgument: ReturnType<typeof vi.fn>;
    cancelRequest: ReturnType<typeof vi.fn>;
  };
  let shown: Suggestions | null = null;
  const requests = createCompletionRequests(
    api,
    's1',
    'design://tokens/{group}/{token}.json',
    (update) => (shown = update(shown)),
  );
  const requestIdOf = (call: number) => api.completeArgument.mock.calls[call]?.[4] as string;
  return { api, requests, answers, requestIdOf, shown: () => shown };
}

describe('completion requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only the last value of a burst of typing, with the other values as context', () => {
    const { api, requests } = harness();
    requests.request('token', 'p', { group: 'color' });
    vi.advanceTimersByTime(COMPLETION_DEBOUNCE_MS - 10);
    requests.request('token', 'pr', { group: 'color' });
    vi.advanceTimersByTime(COMPLETION_DEBOUNCE_MS);
    expect(api.completeArgument).toHaveBeenCalledTimes(1);
    expect(api.completeArgument).toHaveBeenCalledWith(
      's1',
      'design://tokens/{group}/{token}.json',
      { name: 'token', value: 'pr' },
      { group: 'color' },
      expect.any(String),
    );
  });

  it('cancels a stale request and ignores its late answer', async () => {
    const { api, requests, answers, requestIdOf, shown } = harness();
    requests.request('token', 'p', {}, 0);
    vi.advanceTimersByTime(0);
    requests.request('token', 'pr', {}, 0);
    vi.advanceTimersByTime(0);
    expect(api.cancelRequest).toHaveBeenCalledWith(requestIdOf(0));
    answers.get(requestIdOf(1))?.({ values: ['primary'] });
    answers.get(requestIdOf(0))?.({ values: ['padding'] });
    await vi.runAllTimersAsync();
    expect(shown()).toEqual({ name: 'token', status: 'ready', result: { values: ['primary'] } });
  });

  it('keeps the list of the same variable while the next one loads, and clears on close', async () => {
    const { requests, answers, requestIdOf, shown } = harness();
    requests.request('group', '', {}, 0);
    vi.advanceTimersByTime(0);
    answers.get(requestIdOf(0))?.({ values: ['color', 'spacing'] });
    await vi.runAllTimersAsync();
    requests.request('group', 'c', {});
    expect(shown()).toEqual({
      name: 'group',
      status: 'loading',
      result: { values: ['color', 'spacing'] },
    });
    requests.request('token', '', {});
    expect(shown()?.result.values).toEqual([]);
    requests.close();
    expect(shown()).toBeNull();
  });
});

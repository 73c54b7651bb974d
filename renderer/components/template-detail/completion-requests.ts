/**
 * The sequencing of `completion/complete` calls for one template, apart from React so it can be
 * tested with fake timers. One request at a time: a newer one cancels the request in flight with
 * `cancelRequest`, and an answer that is no longer the latest is dropped, so suggestions never
 * jump back to an older prefix.
 */
import type { HostCalls } from '../../../shared/host-api';
import type { CompletionResult, ServerId } from '../../../shared/mcp-types';
import type { VariableValues } from './expand-template';

/** Typing pauses shorter than this are one burst: only its last value is asked about. */
export const COMPLETION_DEBOUNCE_MS = 150;

/** What the list under one field shows. */
export interface Suggestions {
  /** The variable these are for. */
  name: string;
  status: 'loading' | 'ready' | 'failed';
  result: CompletionResult;
}

/** Asks and stops; every change of what to show goes to the `onChange` given at creation. */
export interface CompletionRequests {
  /** Asks for suggestions for `name` after `delayMs`, cancelling whatever was asked before. */
  request(name: string, value: string, context: VariableValues, delayMs?: number): void;
  /** Drops the suggestions and cancels any request. */
  close(): void;
  /** Cancels any request without reporting a change: the owner is going away. */
  dispose(): void;
}

const NONE: CompletionResult = { values: [] };
let counter = 0;

/** Requests for one template of one server. */
export function createCompletionRequests(
  api: HostCalls,
  serverId: ServerId,
  uriTemplate: string,
  onChange: (update: (current: Suggestions | null) => Suggestions | null) => void,
): CompletionRequests {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: string | undefined;

  function stop(): void {
    clearTimeout(timer);
    timer = undefined;
    // The host ignores ids it no longer knows, so a race with the answer is harmless.
    if (inFlight) void api.cancelRequest(inFlight).catch(() => {});
    inFlight = undefined;
  }

  return {
    request(name, value, context, delayMs = COMPLETION_DEBOUNCE_MS) {
      stop();
      // Keep showing this variable's last list while the next one loads; another variable's goes.
      onChange((current) =>
        current?.name === name
          ? { ...current, status: 'loading' }
          : { name, status: 'loading', result: NONE },
      );
      timer = setTimeout(() => {
        timer = undefined;
        const requestId = `complete-${Date.now().toString(36)}-${++counter}`;
        inFlight = requestId;
        const settle = (next: Suggestions) => {
          if (inFlight !== requestId) return;
          inFlight = undefined;
          onChange(() => next);
        };
        api.completeArgument(serverId, uriTemplate, { name, value }, context, requestId).then(
          (result) => settle({ name, status: 'ready', result }),
          () => settle({ name, status: 'failed', result: NONE }),
        );
      }, delayMs);
    },
    close() {
      stop();
      onChange(() => null);
    },
    dispose: stop,
  };
}

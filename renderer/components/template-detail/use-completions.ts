/**
 * Suggestions for the focused template variable, as React state; the sequencing is in
 * completion-requests.ts.
 */
import { useEffect, useState } from 'react';
import type { HostCalls } from '../../../shared/host-api';
import type { ServerId } from '../../../shared/mcp-types';
import {
  createCompletionRequests,
  type CompletionRequests,
  type Suggestions,
} from './completion-requests';

/** The hook's face: the current suggestions, a way to ask, and a way to stop. */
export interface Completions extends Pick<CompletionRequests, 'request' | 'close'> {
  suggestions: Suggestions | null;
}

const DISABLED: Pick<CompletionRequests, 'request' | 'close'> = {
  request: () => {},
  close: () => {},
};

/**
 * `enabled` is false when the server does not declare `completions`: then nothing is ever sent.
 * The caller remounts for another template, so api, server and template are fixed per mount.
 */
export function useCompletions(
  api: HostCalls,
  serverId: ServerId,
  uriTemplate: string,
  enabled: boolean,
): Completions {
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [requests] = useState(() =>
    createCompletionRequests(api, serverId, uriTemplate, setSuggestions),
  );
  useEffect(() => () => requests.dispose(), [requests]);
  const { request, close } = enabled ? requests : DISABLED;
  return { suggestions: enabled ? suggestions : null, request, close };
}

/**
 * The timeline: what happened with each server, in order: the notifications it sent (list
 * changes, updates, log messages, others) and what the host saw (a listing again and its
 * difference, connections lost and made, its reconnecting, where it broke the spec). The
 * Timeline panel shows it and `mcp-context watch` prints it, from the same entries. Data only.
 */

export type TimelineKind =
  | 'list-changed'
  | 'updated'
  | 'log'
  | 'notification'
  | 'listed-again'
  | 'connected'
  | 'disconnected'
  | 'reconnecting'
  | 'gave-up'
  | 'problem';

export const TIMELINE_KINDS: readonly TimelineKind[] = [
  'list-changed',
  'updated',
  'log',
  'notification',
  'listed-again',
  'connected',
  'disconnected',
  'reconnecting',
  'gave-up',
  'problem',
];

export interface TimelineEntry {
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  serverId: string;
  server: string;
  kind: TimelineKind;
  uri?: string;
  /** One line: the log message, the difference, the reason. Server text, cut to 500 characters. */
  detail?: string;
  /** Log messages: the level the server gave. */
  level?: string;
}

export interface TimelineFilter {
  serverId?: string;
  kinds?: TimelineKind[];
  /** The panel closed: the host forgets it (and stops sending it frames). */
  closed?: true;
}

/** What a Timeline panel shows: the newest entries that match, oldest first. */
export interface TimelineFrame {
  viewId: string;
  frame: number;
  /** Entries that match, of those kept. */
  total: number;
  entries: TimelineEntry[];
  /** Entries kept at most. */
  limit: number;
}

/** One line of `mcp-context watch --json`. */
export interface WatchLine {
  time: string;
  server: string;
  kind: TimelineKind;
  uri?: string;
  detail?: string;
  level?: string;
}

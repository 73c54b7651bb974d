/**
 * Reconnecting by itself, with backoff and a bound: a server that went away is tried again
 * after 0.5, 1, 2, 4, 8 and 16 s; then its card offers only the user's Reconnect. A server
 * that stayed up {@link STABLE_MS} starts the backoff over when it goes; one that dies again
 * at once (a crash on every read) keeps climbing it, so it never loops.
 */
import type { ServerId } from '../../../shared/mcp-types';
import type { ServerConnection } from './server-connection';

export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16_000];
export const STABLE_MS = 30_000;

export interface ReconnectorDeps {
  delaysMs?: readonly number[];
  /** The server's connection now, if it is still configured. */
  current(serverId: ServerId): ServerConnection | undefined;
  /**
   * Connects again with the same config, carrying the catalog and what was watched; resolves with
   * the new connection.
   */
  replace(serverId: ServerId): Promise<ServerConnection | undefined>;
}

export interface Reconnector {
  /** A connection that was up went away. */
  lost(connection: ServerConnection): void;
  /** The user took over (Reconnect, Remove): no attempt of ours is left waiting. */
  cancel(serverId: ServerId): void;
  dispose(): void;
}

export function createReconnector(deps: ReconnectorDeps): Reconnector {
  const delays = deps.delaysMs ?? RECONNECT_DELAYS_MS;
  const state = new Map<ServerId, { done: number; timer?: ReturnType<typeof setTimeout> }>();
  let disposed = false;

  function next(serverId: ServerId): void {
    const entry = state.get(serverId);
    const connection = deps.current(serverId);
    if (!entry || !connection || disposed) return;
    if (entry.done >= delays.length) {
      connection.setRetry({ attempt: entry.done, of: delays.length, gaveUp: true });
      return;
    }
    const delay = delays[entry.done] as number;
    connection.setRetry({
      attempt: entry.done + 1,
      of: delays.length,
      at: new Date(Date.now() + delay).toISOString(),
    });
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.done += 1;
      void deps.replace(serverId).then((fresh) => {
        // Superseded: removed, the user took over, or it went away again while being set up
        // (lost() has armed the next attempt already).
        if (
          !fresh ||
          disposed ||
          state.get(serverId) !== entry ||
          entry.timer !== undefined ||
          deps.current(serverId) !== fresh
        )
          return;
        if (fresh.snapshot.status === 'connected') fresh.setRetry(undefined);
        else next(serverId);
      });
    }, delay);
  }

  return {
    lost(connection) {
      if (disposed) return;
      let entry = state.get(connection.id);
      const stable =
        connection.upSince !== undefined && Date.now() - connection.upSince >= STABLE_MS;
      if (!entry || stable) {
        if (entry?.timer) clearTimeout(entry.timer);
        entry = { done: 0 };
        state.set(connection.id, entry);
      }
      if (entry.timer) return;
      next(connection.id);
    },
    cancel(serverId) {
      const entry = state.get(serverId);
      if (entry?.timer) clearTimeout(entry.timer);
      state.delete(serverId);
    },
    dispose() {
      disposed = true;
      for (const entry of state.values()) if (entry.timer) clearTimeout(entry.timer);
      state.clear();
    },
  };
}

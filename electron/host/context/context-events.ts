/**
 * What a host event means for the context session (context-views.ts): what a run knows that
 * is no longer so, and how soon to curate again. The user's changes curate at once; a
 * server's update, or a listing again, never cancels or postpones the run in flight (a server
 * may send 400 a second); a listing's pages and a connection's changes postpone it (a listing
 * ends, and a curation of half a catalog is work thrown away).
 */
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import type { ContextSession } from '../../../shared/context/context-view';
import type { HostEventBody } from '../../../shared/host-api';
import type { ServerId } from '../../../shared/mcp-types';
import type { ContextRunner } from './context-run';

export interface ContextEventsDeps {
  runner: Pick<ContextRunner, 'forgetResource' | 'forgetServer'>;
  session: ContextSession;
  /** The keys the context holds now. */
  watchedKeys(): ReadonlySet<string>;
  /** Curates again soon, postponing (and then cancelling) the run due. */
  schedule(): void;
  /** Curates again after the run in flight, or with the one due. */
  scheduleSoon(): void;
  sessionChanged(): void;
}

/** Server names by id, as the session knows them; and the event handler. */
export function createContextEvents(deps: ContextEventsDeps): {
  names: ReadonlyMap<ServerId, string>;
  observe(event: HostEventBody): void;
} {
  const { runner, session } = deps;
  const names = new Map<ServerId, string>();
  /** Per server, what of its snapshot the curation depends on, as last seen. */
  const states = new Map<ServerId, string>();
  return {
    names,
    observe(event) {
      switch (event.type) {
        case 'resource-updated': {
          const key = resourceKeyString(event);
          // In the context, or read for it (a run in flight may be about to take it in).
          if (runner.forgetResource(key) || deps.watchedKeys().has(key)) deps.scheduleSoon();
          break;
        }
        case 'catalog-reset':
          runner.forgetServer(event.serverId);
          deps.schedule();
          break;
        case 'catalog-relisted': {
          // Back after a reconnect, the server may have changed anything meanwhile: read it all
          // again.
          if (event.change.cause === 'reconnect') runner.forgetServer(event.serverId);
          else {
            // The same server listed again: what it still lists as it was keeps what was read.
            const { removed, changed } = event.diff.resources;
            for (const uri of [...removed, ...changed])
              runner.forgetResource(resourceKeyString({ serverId: event.serverId, uri }));
          }
          deps.scheduleSoon();
          break;
        }
        case 'catalog-page':
        case 'catalog-status':
          deps.schedule();
          break;
        case 'server': {
          const before = names.get(event.server.id);
          if (before !== undefined && before !== event.server.name)
            runner.forgetServer(event.server.id);
          if (before === undefined) {
            const version = session.version;
            session.serverAdded({ id: event.server.id, name: event.server.name });
            if (session.version !== version) deps.sessionChanged();
          }
          names.set(event.server.id, event.server.name);
          // Connected, down, held while reconnecting: that changes what curates. A snapshot that
          // only brings a problem's count (once a second under a flood) must not cancel the run.
          const retry = event.server.retry;
          const state = `${event.server.status} ${retry ? (retry.gaveUp ? 'gave-up' : 'retrying') : ''} ${event.server.name}`;
          if (states.get(event.server.id) !== state) {
            states.set(event.server.id, state);
            deps.schedule();
          } else deps.scheduleSoon();
          break;
        }
        case 'server-removed': {
          const name = names.get(event.serverId);
          names.delete(event.serverId);
          states.delete(event.serverId);
          runner.forgetServer(event.serverId);
          if (name !== undefined) session.serverRemoved({ id: event.serverId, name });
          deps.sessionChanged();
          deps.schedule();
          break;
        }
        default:
      }
    },
  };
}

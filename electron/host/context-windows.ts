/**
 * What the host keeps per window of the context, and the frame it cuts for one: the preview
 * length and selection each window asked for, and what its last frame carried, so a frame that
 * only says "working" or brings a new total leaves out the 2,000 included entries and the
 * text it already has (shared/context/context-wire.ts, followContextFrame). Also which marks
 * are gone: on a server not connected, or no longer in its complete listing.
 */
import { parseResourceKey } from '../../shared/catalog/resource-key';
import { cutContextFrame, type ContextSession, type CurationState } from '../../shared/context/context-view';
import { MAX_PREVIEW_CHARS, PREVIEW_CHARS, type ContextFrame, type DormantServer, type GoneEntry } from '../../shared/context/context-wire';
import type { CurationServer } from './context-run';

export interface WindowState {
  frames: number;
  previewChars: number;
  selectedKey: string | null;
  /** What its last frame carried of the included list and the text, to leave out when the same. */
  sent?: { included: readonly unknown[]; text: string; chars: number };
}

export function newWindow(): WindowState {
  return { frames: 0, previewChars: PREVIEW_CHARS, selectedKey: null };
}

/** The characters of preview a window may ask for. */
export function previewCharsOf(asked: number): number {
  return Math.min(MAX_PREVIEW_CHARS, Math.max(PREVIEW_CHARS, asked));
}

/** The window's next frame; what it has already is left out. */
export function windowFrame(
  viewId: string,
  window: WindowState,
  parts: { session: ContextSession; curation: CurationState; gone: readonly GoneEntry[]; dormant: readonly DormantServer[]; sessionProblem: string | undefined },
): ContextFrame {
  const { curation } = parts;
  window.frames += 1;
  // What the included list is cut from: the same parts, the same list.
  const included = [curation.order, curation.decision, curation.tokens, curation.changed, curation.stale];
  const sent = window.sent;
  const unchanged = {
    included: sent !== undefined && included.every((part, at) => part === sent.included[at]),
    text: sent !== undefined && sent.text === curation.text && sent.chars === window.previewChars,
  };
  window.sent = { included, text: curation.text, chars: window.previewChars };
  return cutContextFrame({
    unchanged,
    viewId,
    frame: window.frames,
    session: parts.session,
    curation,
    previewChars: window.previewChars,
    selectedKey: window.selectedKey,
    gone: parts.gone,
    dormant: parts.dormant,
    ...(parts.sessionProblem !== undefined && { sessionProblem: parts.sessionProblem }),
  });
}

/** Tells which marks are gone; each listing's URIs are gathered once, not once per frame. */
export function createGoneMarks(): (marks: ReadonlyMap<string, GoneEntry['mark']>, servers: readonly CurationServer[]) => GoneEntry[] {
  const listedUris = new WeakMap<readonly unknown[], Set<string>>();
  return (marks, servers) => {
    const byId = new Map(servers.map((server) => [server.id, server]));
    const out: GoneEntry[] = [];
    for (const [key, mark] of marks) {
      const { serverId, uri } = parseResourceKey(key);
      const server = byId.get(serverId);
      if (!server) continue;
      if (!server.connected) {
        if (server.catalog.status !== 'listing') out.push({ key, server: server.name, uri, mark, why: 'its server is not connected' });
        continue;
      }
      // Only a catalog listed to its end can say a resource is not in it.
      if (server.catalog.status !== 'complete') continue;
      let uris = listedUris.get(server.catalog.resources);
      if (!uris) listedUris.set(server.catalog.resources, (uris = new Set(server.catalog.resources.map((resource) => resource.uri))));
      if (!uris.has(uri)) out.push({ key, server: server.name, uri, mark, why: 'its server no longer lists it' });
    }
    return out;
  };
}

/**
 * What the host keeps per window of the context, and the frame it cuts for one: the preview
 * length and selection each window asked for, and what its last frame carried, so a frame that
 * only says "working" or brings a new total leaves out the 2,000 included entries and the
 * text it already has (shared/context/context-wire.ts, followContextFrame). Also which marks
 * are gone: on a server not connected, or no longer in its complete listing.
 */
import { parseResourceKey } from '../../../shared/catalog/resource-key';
import {
  cutContextFrame,
  type ContextSession,
  type CurationState,
} from '../../../shared/context/context-view';
import {
  MAX_PREVIEW_CHARS,
  PREVIEW_CHARS,
  type ContextFrame,
  type DormantServer,
  type GoneEntry,
} from '../../../shared/context/context-wire';
import type { CurationServer } from './context-run';

export interface WindowState {
  frames: number;
  previewChars: number;
  selectedKey: string | null;
  /** Whether it shows the included list (its frames carry the list only then). */
  showIncluded: boolean;
  /** Whether it shows the context at all. */
  shown: boolean;
  /**
   * The curation and session version its last frame was cut from: the same again would say nothing
   * new.
   */
  cutFrom?: { curation: CurationState; version: number };
  /**
   * What its frames carried last of the included list, the text and the token map, to leave out
   * when the same.
   */
  sent?: {
    included: readonly unknown[] | undefined;
    text: unknown;
    chars: number;
    tokenMap: unknown;
  };
}

export function newWindow(): WindowState {
  return {
    frames: 0,
    previewChars: PREVIEW_CHARS,
    selectedKey: null,
    showIncluded: false,
    shown: false,
  };
}

/** The characters of preview a window may ask for. */
export function previewCharsOf(asked: number): number {
  return Math.min(MAX_PREVIEW_CHARS, Math.max(PREVIEW_CHARS, asked));
}

/** The window's next frame; what it has already is left out. */
export function windowFrame(
  viewId: string,
  window: WindowState,
  parts: {
    session: ContextSession;
    curation: CurationState;
    gone: readonly GoneEntry[];
    dormant: readonly DormantServer[];
    sessionProblem: string | undefined;
  },
): ContextFrame {
  const { curation } = parts;
  window.frames += 1;
  window.cutFrom = { curation, version: parts.session.version };
  // What the included list is cut from: the same parts, the same list.
  const cutFrom = [
    curation.order,
    curation.decision,
    curation.tokens,
    curation.changed,
    curation.stale,
  ];
  const sent = window.sent;
  const sentIncluded = sent?.included;
  const unchanged = {
    included:
      !window.showIncluded ||
      (sentIncluded !== undefined && cutFrom.every((part, at) => part === sentIncluded[at])),
    text: sent !== undefined && sent.text === curation.text && sent.chars === window.previewChars,
    tokenMap: sent !== undefined && sent.tokenMap === curation.tokenMap,
  };
  // A list not shown is not had: the frame after the window opens it carries it.
  window.sent = {
    included: window.showIncluded ? cutFrom : undefined,
    text: curation.text,
    chars: window.previewChars,
    tokenMap: curation.tokenMap,
  };
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

/**
 * Tells which marks are gone. Asked for every frame (four a toggle, 2,000 marks each): the
 * answer is kept while the marks (by `version`) and each server's state are the same, and each
 * listing's URIs are gathered once.
 */
export function createGoneMarks(): (
  marks: ReadonlyMap<string, GoneEntry['mark']>,
  version: number,
  servers: readonly CurationServer[],
) => GoneEntry[] {
  const listedUris = new WeakMap<readonly unknown[], Set<string>>();
  let last: { version: number; states: unknown[]; gone: GoneEntry[] } | undefined;
  return (marks, version, servers) => {
    const states = servers.flatMap((server) => [
      server.id,
      server.name,
      server.connected,
      server.catalog.status,
      server.catalog.resources,
    ]);
    if (
      last?.version === version &&
      last.states.length === states.length &&
      last.states.every((state, at) => state === states[at])
    )
      return last.gone;
    const gone = goneOf(marks, servers);
    last = { version, states, gone };
    return gone;
  };

  function goneOf(
    marks: ReadonlyMap<string, GoneEntry['mark']>,
    servers: readonly CurationServer[],
  ): GoneEntry[] {
    const byId = new Map(servers.map((server) => [server.id, server]));
    const out: GoneEntry[] = [];
    for (const [key, mark] of marks) {
      const { serverId, uri } = parseResourceKey(key);
      const server = byId.get(serverId);
      if (!server) continue;
      if (!server.connected) {
        if (server.catalog.status !== 'listing')
          out.push({ key, server: server.name, uri, mark, why: 'its server is not connected' });
        continue;
      }
      // Only a catalog listed to its end can say a resource is not in it.
      if (server.catalog.status !== 'complete') continue;
      let uris = listedUris.get(server.catalog.resources);
      if (!uris)
        listedUris.set(
          server.catalog.resources,
          (uris = new Set(server.catalog.resources.map((resource) => resource.uri))),
        );
      if (!uris.has(uri))
        out.push({ key, server: server.name, uri, mark, why: 'its server no longer lists it' });
    }
    return out;
  }
}

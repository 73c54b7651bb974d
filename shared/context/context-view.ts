/**
 * The context session, pure: the user's marks (include, pin, exclude) and settings, kept by
 * the host for every window, and the frame each window is cut from the curation. Marks live by
 * resource key while their server is connected, and by server name and URI ("dormant") while
 * it is not, so a server that goes away and comes back, or a profile whose server is not
 * connected yet, loses nothing. electron/host/context/context-views.ts runs it: reads, counts,
 * timing.
 */
import { parseResourceKey, resourceKeyString } from '../catalog/resource-key';
import type { ServerId } from '../mcp-types';
import {
  MAX_GONE_SHOWN,
  MAX_INCLUDED_SHOWN,
  type ContextFrame,
  type ContextPatch,
  type ContextSettings,
  type DecisionDetail,
  type DormantServer,
  type GoneEntry,
  type IncludedEntry,
  type RowDecision,
} from './context-wire';
import { DEFAULT_ENCODING } from './encodings';
import { AssembledText } from './assemble';
import { DEFAULT_POLICY, type Decision, type Mark, type UsedBy } from './policy';
import type { TokenServer } from './token-map';

/** One default for every face: the CLI's `assemble` and a new window agree. */
export const DEFAULT_CONTEXT_SETTINGS: ContextSettings = {
  ...DEFAULT_POLICY,
  focus: '',
  format: 'markdown',
  encoding: DEFAULT_ENCODING,
};

/** A mark named across runs: its server's name and its URI. */
export interface NamedMark {
  server: string;
  uri: string;
  mark: Mark;
}

/** A connected server, as the session needs to know it. */
export interface SessionServer {
  id: ServerId;
  name: string;
}

/** What a patch changed. */
export interface SessionChange {
  marks: boolean;
  settings: boolean;
}

export class ContextSession {
  #settings: ContextSettings = DEFAULT_CONTEXT_SETTINGS;
  readonly #marks = new Map<string, Mark>();
  readonly #picked = new Set<string>();
  /** Marks of servers that are not connected, by server name, then URI. */
  readonly #dormant = new Map<string, Map<string, Mark>>();
  #version = 0;

  /** Bumped by every change of marks or settings. */
  get version(): number {
    return this.#version;
  }
  get settings(): ContextSettings {
    return this.#settings;
  }
  /** Live marks, by resource key. */
  get marks(): ReadonlyMap<string, Mark> {
    return this.#marks;
  }
  /** The keys picked (include marks). */
  get picked(): ReadonlySet<string> {
    return this.#picked;
  }
  /** Dormant marks, by server name. */
  get dormant(): ReadonlyMap<string, ReadonlyMap<string, Mark>> {
    return this.#dormant;
  }

  /** Applies a window's change of settings or marks (what it shows is not the session's). */
  apply(patch: ContextPatch): SessionChange {
    const change: SessionChange = { marks: false, settings: false };
    if (patch.settings) change.settings = this.setSettings(patch.settings);
    if (patch.clear !== undefined) change.marks = this.#clear(patch.clear) || change.marks;
    if (patch.mark) change.marks = this.setMarks(patch.mark.keys, patch.mark.mark) || change.marks;
    if (patch.dropGone) change.marks = this.#drop(patch.dropGone) || change.marks;
    if (change.marks || change.settings) this.#version += 1;
    return change;
  }

  /** Merges settings; a half-life of 0 clears it. True when anything changed. */
  setSettings(change: Partial<ContextSettings>): boolean {
    const next: ContextSettings = { ...this.#settings, ...change };
    if (!next.halfLifeDays) delete next.halfLifeDays;
    if (JSON.stringify(next) === JSON.stringify(this.#settings)) return false;
    this.#settings = next;
    this.#version += 1;
    return true;
  }

  /** Sets or clears (null) the mark of each key. True when anything changed. */
  setMarks(keys: readonly string[], mark: Mark | null): boolean {
    let changed = false;
    for (const key of keys) {
      if ((this.#marks.get(key) ?? null) === mark) continue;
      changed = true;
      if (mark === null) this.#marks.delete(key);
      else this.#marks.set(key, mark);
      if (mark === 'include') this.#picked.add(key);
      else this.#picked.delete(key);
    }
    if (changed) this.#version += 1;
    return changed;
  }

  #clear(kind: Mark | 'all'): boolean {
    const keys = [...this.#marks]
      .filter(([, mark]) => kind === 'all' || mark === kind)
      .map(([key]) => key);
    const dormant = kind === 'all' && this.#dormant.size > 0;
    if (kind === 'all') this.#dormant.clear();
    return this.setMarks(keys, null) || dormant;
  }

  /**
   * Forgets live marks of these keys (gone from their catalogs); [] forgets every gone one given by
   * the host.
   */
  #drop(keys: readonly string[]): boolean {
    return this.setMarks(keys, null);
  }

  /** A server came, or came back, under `name`: its dormant marks come to life. */
  serverAdded(server: SessionServer): void {
    const kept = this.#dormant.get(server.name);
    if (!kept) return;
    this.#dormant.delete(server.name);
    for (const [uri, mark] of kept) {
      const key = resourceKeyString({ serverId: server.id, uri });
      this.#marks.set(key, mark);
      if (mark === 'include') this.#picked.add(key);
    }
    this.#version += 1;
  }

  /** A server went away: its marks go dormant under its name, never silently lost. */
  serverRemoved(server: SessionServer): void {
    let moved = false;
    for (const [key, mark] of [...this.#marks]) {
      const { serverId, uri } = parseResourceKey(key);
      if (serverId !== server.id) continue;
      let kept = this.#dormant.get(server.name);
      if (!kept) this.#dormant.set(server.name, (kept = new Map()));
      kept.set(uri, mark);
      this.#marks.delete(key);
      this.#picked.delete(key);
      moved = true;
    }
    if (moved) this.#version += 1;
  }

  /** Forgets a dormant server's marks. */
  dropDormant(name: string): boolean {
    const dropped = this.#dormant.delete(name);
    if (dropped) this.#version += 1;
    return dropped;
  }

  /**
   * Replaces every mark and the settings (a profile or the last session): by server name and URI.
   */
  load(
    settings: ContextSettings,
    marks: readonly NamedMark[],
    servers: readonly SessionServer[],
  ): void {
    this.#settings = { ...DEFAULT_CONTEXT_SETTINGS, ...settings };
    if (!this.#settings.halfLifeDays) delete this.#settings.halfLifeDays;
    this.#marks.clear();
    this.#picked.clear();
    this.#dormant.clear();
    const ids = new Map(servers.map((server) => [server.name, server.id]));
    for (const { server, uri, mark } of marks) {
      const id = ids.get(server);
      if (id !== undefined) {
        const key = resourceKeyString({ serverId: id, uri });
        this.#marks.set(key, mark);
        if (mark === 'include') this.#picked.add(key);
        continue;
      }
      let kept = this.#dormant.get(server);
      if (!kept) this.#dormant.set(server, (kept = new Map()));
      kept.set(uri, mark);
    }
    this.#version += 1;
  }

  /**
   * Every mark by server name and URI, live and dormant: what a profile or the session file keeps.
   */
  named(servers: readonly SessionServer[]): NamedMark[] {
    const names = new Map(servers.map((server) => [server.id, server.name]));
    const out: NamedMark[] = [];
    for (const [key, mark] of this.#marks) {
      const { serverId, uri } = parseResourceKey(key);
      const server = names.get(serverId);
      if (server !== undefined) out.push({ server, uri, mark });
    }
    for (const [server, kept] of this.#dormant)
      for (const [uri, mark] of kept) out.push({ server, uri, mark });
    return out;
  }
}

/** What the host knows of the latest curation, for cutting frames. */
export interface CurationState {
  state: ContextFrame['state'];
  read: number;
  pending: number;
  error?: string;
  /** A resource's decision, by key (made when first asked for). */
  decision(key: string): Decision | undefined;
  /** Included keys, in context order. */
  order: readonly string[];
  /** Tokens of each included resource's part of the text. */
  tokens: ReadonlyMap<string, number>;
  text: AssembledText;
  total: number;
  /** The text changed and its whole count is being made; `total` is the last one. */
  totalPending?: boolean;
  used: number;
  overBudget: number;
  warnings: readonly string[];
  /** Included keys whose contents changed since the context before. */
  changed: ReadonlySet<string>;
  /** When a curation last took in changed contents (ms since the epoch). */
  updatedAt?: number;
  /** Included keys whose server is not connected now: their text is the last read. */
  stale: ReadonlySet<string>;
  /** Where the tokens go, cut once per curation (token-map.ts). */
  tokenMap: TokenServer[];
  /** The included tokens by why they are in: marked, required, relevant to the focus, fill. */
  usedBy: UsedBy;
  /** With a focus: how many resources' text it read, of how many candidates. */
  focusSeen?: { read: number; of: number };
  /**
   * Set on a focus's first decision, made from what was read already: how many more it is
   * reading, for the decision that follows (state stays 'working' until then).
   */
  focusPending?: number;
}

/**
 * The same curation, working again, progress from nothing; its focus reads pending only when
 * this is the run that reads them (`readingForFocus`).
 */
export function workingAgain(curation: CurationState, readingForFocus = false): CurationState {
  const { focusPending, ...rest } = curation;
  return {
    ...rest,
    state: 'working',
    read: 0,
    pending: 0,
    ...(readingForFocus && focusPending !== undefined && { focusPending }),
  };
}

export const EMPTY_CURATION: CurationState = {
  state: 'idle',
  read: 0,
  pending: 0,
  decision: () => undefined,
  order: [],
  tokens: new Map(),
  text: new AssembledText([]),
  total: 0,
  used: 0,
  overBudget: 0,
  warnings: [],
  changed: new Set(),
  stale: new Set(),
  tokenMap: [],
  usedBy: { marked: 0, required: 0, relevant: 0, fill: 0 },
};

/** A row's part of a decision. */
export function rowDecision(decision: Decision): RowDecision {
  return {
    kind: decision.kind,
    included: decision.included,
    tokens: decision.tokens,
    estimated: decision.estimated,
  };
}

function detail(decision: Decision): DecisionDetail {
  return {
    ...rowDecision(decision),
    reason: decision.reason,
    warnings: decision.warnings,
    ...(decision.rank !== undefined && { rank: decision.rank }),
  };
}

/** What one window is sent: the session and the curation, cut to what it shows. */
export function cutContextFrame(input: {
  viewId: string;
  frame: number;
  session: ContextSession;
  curation: CurationState;
  previewChars: number;
  selectedKey: string | null;
  gone: readonly GoneEntry[];
  dormant: readonly DormantServer[];
  sessionProblem?: string;
  /**
   * Leave out the included list, the text or the token map: the window's last frame had the same
   * (or, the list, does not show it).
   */
  unchanged?: { included?: boolean; text?: boolean; tokenMap?: boolean };
}): ContextFrame {
  const { session, curation } = input;
  const marks = { picked: 0, pinned: 0, excluded: 0 };
  for (const mark of session.marks.values()) {
    if (mark === 'include') marks.picked += 1;
    else if (mark === 'pin') marks.pinned += 1;
    else marks.excluded += 1;
  }
  // Gone marks count nowhere: the header says "9 picked" only when 9 are in the catalog.
  for (const entry of input.gone) {
    if (!session.marks.has(entry.key)) continue;
    if (entry.mark === 'include') marks.picked -= 1;
    else if (entry.mark === 'pin') marks.pinned -= 1;
    else marks.excluded -= 1;
  }
  const included: IncludedEntry[] = [];
  for (const key of input.unchanged?.included ? [] : curation.order.slice(0, MAX_INCLUDED_SHOWN)) {
    const decision = curation.decision(key);
    if (!decision) continue;
    included.push({
      key,
      serverId: decision.serverId,
      uri: decision.uri,
      kind: decision.kind,
      tokens: curation.tokens.get(key) ?? decision.tokens,
      ...(curation.changed.has(key) && { changed: true as const }),
      ...(curation.stale.has(key) && { stale: true as const }),
    });
  }
  const frame: ContextFrame = {
    viewId: input.viewId,
    frame: input.frame,
    settings: session.settings,
    state: curation.state,
    read: curation.read,
    pending: curation.pending,
    ...(curation.error !== undefined && { error: curation.error }),
    marks,
    used: curation.used,
    overBudget: curation.overBudget,
    usedBy: { ...curation.usedBy },
    ...(curation.focusSeen && { focusSeen: { ...curation.focusSeen } }),
    ...(curation.focusPending !== undefined && { focusPending: curation.focusPending }),
    total: curation.total,
    ...(curation.totalPending && { totalPending: true }),
    warnings: [...curation.warnings],
    ...(!input.unchanged?.included && { included }),
    includedCount: curation.order.length,
    includedUpdated: curation.changed.size,
    ...(curation.updatedAt !== undefined && { updatedAt: curation.updatedAt }),
    includedStale: curation.stale.size,
    ...(!input.unchanged?.tokenMap && { tokenMap: curation.tokenMap }),
    gone: input.gone.slice(0, MAX_GONE_SHOWN),
    ...(!input.unchanged?.text && { text: curation.text.prefix(input.previewChars) }),
    textLength: curation.text.length,
    dormant: [...input.dormant],
    ...(input.sessionProblem !== undefined && { sessionProblem: input.sessionProblem }),
  };
  if (input.selectedKey !== null) {
    const decision = curation.decision(input.selectedKey);
    const mark = session.marks.get(input.selectedKey);
    frame.selected = {
      key: input.selectedKey,
      decision: decision ? detail(decision) : null,
      ...(mark && { mark }),
    };
  }
  return frame;
}

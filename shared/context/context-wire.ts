/**
 * What a window and the host say to each other about the context: the settings and marks a
 * window changes, and the frames it gets back. The host keeps the curation (one session for
 * every window, kept on disk), curates, reads and counts; a window is sent what it shows: the
 * totals, the token map (bounded), the included list while it is open, and the part of the
 * text it looks at.
 * Data only, in its own file so the contract (host-api.ts) names it without importing the
 * code that makes it.
 */
import type { ServerId, ServerTransportConfig } from '../mcp-types';
import type { ContextFormat } from './assemble';
import type { TokenEncoding } from './encodings';
import type { DecisionKind, Mark, PolicySettings, UsedBy } from './policy';
import type { TokenServer } from './token-map';

/** The policy with how the context is written out and counted. */
export interface ContextSettings extends PolicySettings {
  format: ContextFormat;
  encoding: TokenEncoding;
}

/** A change a window asks of the context; every field optional. */
export interface ContextPatch {
  settings?: Partial<ContextSettings>;
  /** Sets the mark of these keys (resource-key.ts), or clears it with null. */
  mark?: { keys: string[]; mark: Mark | null };
  /** Clears every mark of one kind ('include' clears the picks), or every mark. */
  clear?: Mark | 'all';
  /**
   * The resource the window has selected, whose decision the frame carries in full; null for none.
   */
  select?: string | null;
  /** Forgets the marks of resources that are gone from their catalog (these keys; all with []). */
  dropGone?: string[];
  /** How many characters of the text this window shows (it asks for more with "Show more"). */
  previewChars?: number;
  /** Whether the window shows the included list: its frames carry the list only while it does. */
  showIncluded?: boolean;
  /**
   * Whether the window shows the context at all (its tab is open): the host then builds the focus
   * index ahead.
   */
  shown?: boolean;
}

/** What a row of the tree shows of a resource's decision; the reason is in the detail pane. */
export interface RowDecision {
  kind: DecisionKind;
  included: boolean;
  tokens: number;
  estimated: boolean;
}

/** One included resource, in context order, as the window lists it. */
export interface IncludedEntry {
  key: string;
  serverId: ServerId;
  uri: string;
  kind: DecisionKind;
  /** Tokens of its part of the text. */
  tokens: number;
  /**
   * Set when the last curation read it again and its text changed (the server said it was updated,
   * or it was read afresh).
   */
  changed?: true;
  /** Set while its server is not connected: its text is the last read, maybe no longer true. */
  stale?: true;
}

/** A mark whose resource is no longer listed by its server, or whose server is not connected. */
export interface GoneEntry {
  key: string;
  /** The server's name: the server may be gone, and its id with it. */
  server: string;
  uri: string;
  mark: Mark;
  /**
   * Why it is not in the context, in words: "its server no longer lists it", "its server is not
   * connected".
   */
  why: string;
}

/** The full decision about one resource: the detail pane's "why (not) included". */
export interface DecisionDetail extends RowDecision {
  reason: string;
  warnings: string[];
  rank?: number;
}

/** The context as one window sees it, as of one change. */
export interface ContextFrame {
  viewId: string;
  /** Counts up per frame of one view: a window drops an older one. */
  frame: number;
  settings: ContextSettings;
  /** Where curation stands: reading (with progress), done, or failed with the reason. */
  state: 'idle' | 'working' | 'done' | 'failed';
  read: number;
  pending: number;
  error?: string;
  /** The user's marks, counted: what the header and the server cards say. */
  marks: { picked: number; pinned: number; excluded: number };
  /** Tokens the included resources use, of the budget, and how many over it. */
  used: number;
  overBudget: number;
  /**
   * The included tokens by why they are in: what the user marked, required resources, matches of
   * the focus, and the fill (without a focus, or with "fill the rest").
   */
  usedBy: UsedBy;
  /**
   * With a focus: how many resources' text the focus read, of how many candidates (all of them
   * in a catalog small enough to read; the best by listing otherwise).
   */
  focusSeen?: { read: number; of: number };
  /**
   * On a focus's first decision, made from what was read already (the state stays 'working'):
   * how many resources it is still reading, to rank by or for the text of what it took in on
   * an estimate; the done frame follows.
   */
  focusPending?: number;
  /** Tokens of the whole text, exactly as if counted as one (curate.ts wholeTokens). */
  total: number;
  /**
   * Set while a JSON context's whole text is being counted (Markdown's comes with the done frame);
   * `total` is the count before.
   */
  totalPending?: true;
  warnings: string[];
  /**
   * The included resources in context order, the first {@link MAX_INCLUDED_SHOWN}, while the
   * window shows the list (ContextPatch.showIncluded). Absent when the window does not, or
   * already has the same (see {@link followContextFrame}): a toggle, a "working" or a new
   * total does not carry 2,000 entries again.
   */
  included?: IncludedEntry[];
  includedCount: number;
  /**
   * Included resources whose text changed in the last curation, and those whose server is not
   * connected.
   */
  includedUpdated: number;
  /** When the last curation that took in a server's update finished (ms since the epoch). */
  updatedAt?: number;
  includedStale: number;
  /** Where the tokens go (token-map.ts), bounded; absent when the same as the window has. */
  tokenMap?: TokenServer[];
  /**
   * Marks on resources that are not in any catalog now; they count nowhere until dropped or back.
   */
  gone: GoneEntry[];
  /**
   * The text a model receives, from its start: `text.length` of `textLength` characters. Absent
   * when unchanged, as `included`.
   */
  text?: string;
  textLength: number;
  /** The selected resource's decision in full, when the window has one selected. */
  selected?: { key: string; decision: DecisionDetail | null; mark?: Mark };
  /**
   * Servers of a loaded profile or the last session that are not connected, with their marks kept.
   */
  dormant: DormantServer[];
  /** Why the session could not be kept on disk, if it could not (one line). */
  sessionProblem?: string;
}

/** A server the session names that is not connected: what a window may show of it. */
export interface DormantServer {
  name: string;
  /** Its transport with header and env values redacted. */
  transport: ServerTransportConfig;
  marks: number;
}

/** Included entries a frame lists; the rest are counted in `includedCount`. */
export const MAX_INCLUDED_SHOWN = 2000;
/** Gone entries a frame lists. */
export const MAX_GONE_SHOWN = 500;
/** Characters of the text a frame carries at first; a window asks for more. */
export const PREVIEW_CHARS = 200_000;
/** The most a window may ask to be sent. */
export const MAX_PREVIEW_CHARS = 20_000_000;

/** A frame as a window keeps it: every part present. */
export type FullContextFrame = ContextFrame &
  Required<Pick<ContextFrame, 'included' | 'text' | 'tokenMap'>>;

/**
 * The frame a window shows after `frame` arrives: what it leaves out (unchanged since the
 * frame before, which the host knows it sent) is taken from `previous`.
 */
export function followContextFrame(
  previous: FullContextFrame,
  frame: ContextFrame,
): FullContextFrame {
  return {
    ...frame,
    included: frame.included ?? previous.included,
    text: frame.text ?? previous.text,
    tokenMap: frame.tokenMap ?? previous.tokenMap,
  };
}

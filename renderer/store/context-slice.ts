/**
 * The context slice: the auto-include settings, the user's exclusions and pins (picks are the
 * includes, in the picks slice), and the latest curation: every decision, the assembled text
 * and its token counts. Curation itself runs outside React (context-sync.ts).
 */
import type { StateCreator } from 'zustand';
import type { ContextFormat } from '../../shared/context/assemble';
import { DEFAULT_POLICY, type Decision, type PolicySettings } from '../../shared/context/policy';
import { DEFAULT_ENCODING, type TokenEncoding } from '../../shared/context/encodings';
import type { AppState } from './app-store';

export interface ContextSettings extends PolicySettings {
  format: ContextFormat;
  encoding: TokenEncoding;
}

export const DEFAULT_CONTEXT_SETTINGS: ContextSettings = { ...DEFAULT_POLICY, auto: false, format: 'markdown', encoding: DEFAULT_ENCODING };

export interface Curation {
  state: 'idle' | 'working' | 'done' | 'failed';
  /** Reads made, and reads the current decision still waits for. */
  read: number;
  pending: number;
  /** By resource key (resource-key.ts). */
  decisions: ReadonlyMap<string, Decision>;
  /** Included keys, in context order. */
  order: readonly string[];
  text: string;
  /** Tokens of each included resource's part of the text. */
  tokens: ReadonlyMap<string, number>;
  /** Tokens of the whole text. */
  total: number;
  /** The text changed and the worker is counting it again. */
  totalPending?: boolean;
  used: number;
  overBudget: number;
  warnings: readonly string[];
  error?: string;
}

export const EMPTY_CURATION: Curation = {
  state: 'idle',
  read: 0,
  pending: 0,
  decisions: new Map(),
  order: [],
  text: '',
  tokens: new Map(),
  total: 0,
  used: 0,
  overBudget: 0,
  warnings: [],
};

export type UserMark = 'exclude' | 'pin';

export interface ContextSlice {
  contextSettings: ContextSettings;
  setContextSettings(change: Partial<ContextSettings>): void;
  /** Exclusions and pins by resource key. */
  marks: ReadonlyMap<string, UserMark>;
  /** Sets or clears (undefined) the mark of one resource. */
  setMark(key: string, mark: UserMark | undefined): void;
  /** Replaces every mark (loading a profile). */
  setMarks(marks: ReadonlyMap<string, UserMark>): void;
  /** Sets the mark, or clears it when the resource has it already. */
  toggleMark(key: string, mark: UserMark): void;
  curation: Curation;
}

export const createContextSlice: StateCreator<AppState, [], [], ContextSlice> = (set, get) => ({
  contextSettings: DEFAULT_CONTEXT_SETTINGS,
  setContextSettings(change) {
    set({ contextSettings: { ...get().contextSettings, ...change } });
  },
  marks: new Map(),
  setMark(key, mark) {
    const marks = new Map(get().marks);
    if (mark === undefined) marks.delete(key);
    else marks.set(key, mark);
    set({ marks });
  },
  setMarks(marks) {
    set({ marks: new Map(marks) });
  },
  toggleMark(key, mark) {
    get().setMark(key, get().marks.get(key) === mark ? undefined : mark);
  },
  curation: EMPTY_CURATION,
});

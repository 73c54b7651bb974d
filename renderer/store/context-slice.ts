/**
 * The context slice: the latest context frame the host sent this window, and the actions
 * that change the context on the host. The host keeps the session (marks and settings, one
 * for every window), curates, reads and counts; the window holds no picks, marks, candidates
 * or contents, only the frame. What it does hold is what it sent and has not yet seen
 * answered, so a checkbox or a select does not flick back while the call is on its way.
 */
import {
  followContextFrame,
  MAX_PREVIEW_CHARS,
  PREVIEW_CHARS,
  type ContextSettings,
  type FullContextFrame,
} from '../../shared/context/context-wire';
import { DEFAULT_CONTEXT_SETTINGS } from '../../shared/context/context-view';
import type { Mark } from '../../shared/context/policy';
import type { WindowApi } from '../../shared/window-api';
import type { AppState, ContextSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';

/** What the Context tab shows before the host's first frame. */
export const EMPTY_CONTEXT: FullContextFrame = {
  viewId: '',
  frame: 0,
  settings: DEFAULT_CONTEXT_SETTINGS,
  state: 'idle',
  read: 0,
  pending: 0,
  marks: { picked: 0, pinned: 0, excluded: 0 },
  used: 0,
  overBudget: 0,
  usedBy: { marked: 0, required: 0, relevant: 0, fill: 0 },
  total: 0,
  warnings: [],
  included: [],
  includedCount: 0,
  includedUpdated: 0,
  includedStale: 0,
  tokenMap: [],
  gone: [],
  text: '',
  textLength: 0,
  dormant: [],
};

/** The settings as the window shows them: the frame's, with what was sent and not answered yet. */
export function shownSettings(state: Pick<AppState, 'context' | 'settingsSent'>): ContextSettings {
  return Object.keys(state.settingsSent).length === 0
    ? state.context.settings
    : { ...state.context.settings, ...state.settingsSent };
}

/** One setting as shown: a narrow selector for a control. */
export function shownSetting<K extends keyof ContextSettings>(
  state: Pick<AppState, 'context' | 'settingsSent'>,
  key: K,
): ContextSettings[K] {
  return key in state.settingsSent
    ? (state.settingsSent[key] as ContextSettings[K])
    : state.context.settings[key];
}

/** A resource's mark as shown: what was sent and not answered yet, else what the host said. */
export function shownMark(
  marksSent: ReadonlyMap<string, Mark | null>,
  key: string,
  hostMark: Mark | undefined,
): Mark | undefined {
  const sent = marksSent.get(key);
  return sent === undefined ? hostMark : (sent ?? undefined);
}

/**
 * The next preview size after "Show more": five times as much again, within what the host sends.
 */
export function morePreviewChars(current: number): number {
  return Math.min(MAX_PREVIEW_CHARS, current + PREVIEW_CHARS * 5);
}

export function createContextSlice(
  api: Pick<WindowApi, 'updateContext'>,
): SliceCreator<ContextSlice> {
  return (set, get) => {
    // Settings go one call at a time: a change made while one is on its way waits for it and
    // goes with every other change made meanwhile, so typing fast costs the host a few
    // curations, not one per keystroke.
    let settingsQueued: Partial<ContextSettings> = {};
    let settingsInFlight = false;
    function flushSettings(): void {
      if (settingsInFlight || Object.keys(settingsQueued).length === 0) return;
      const settings = settingsQueued;
      settingsQueued = {};
      settingsInFlight = true;
      void get()
        .sendContext({ settings })
        .finally(() => {
          settingsInFlight = false;
          if (Object.keys(settingsQueued).length > 0) return flushSettings();
          // Answered (its frame came before the reply), or refused: the frame's settings win.
          set({ settingsSent: {} });
        });
    }

    return {
      context: EMPTY_CONTEXT,
      contextFloor: 0,
      applyContextFrame(frame) {
        const state = get();
        if (frame.viewId !== state.viewId || frame.frame <= state.contextFloor) return;
        set({ context: followContextFrame(state.context, frame), contextFloor: frame.frame });
      },
      restartContextFrames() {
        set({ contextFloor: 0 });
      },
      settingsSent: {},
      setContextSettings(change) {
        set({ settingsSent: { ...get().settingsSent, ...change } });
        settingsQueued = { ...settingsQueued, ...change };
        flushSettings();
      },
      marksSent: new Map(),
      setMark(key, mark) {
        set({ marksSent: new Map(get().marksSent).set(key, mark) });
        void get()
          .sendContext({ mark: { keys: [key], mark } })
          .finally(() => {
            // A later change of the same key is still on its way: leave it shown.
            if (get().marksSent.get(key) !== mark) return;
            const marksSent = new Map(get().marksSent);
            marksSent.delete(key);
            set({ marksSent });
          });
      },
      toggleMark(key, hostMark, mark) {
        const current = shownMark(get().marksSent, key, hostMark);
        get().setMark(key, current === mark ? null : mark);
      },
      previewChars: PREVIEW_CHARS,
      showMorePreview() {
        const previewChars = morePreviewChars(get().previewChars);
        set({ previewChars });
        void get().sendContext({ previewChars });
      },
      showIncluded: false,
      setShowIncluded(open) {
        if (get().showIncluded === open) return;
        // A list put away is forgotten: opened again, it shows the host's next list, not an old
        // one.
        set(
          open
            ? { showIncluded: true }
            : { showIncluded: false, context: { ...get().context, included: [] } },
        );
        void get().sendContext({ showIncluded: open });
      },
      contextShown: false,
      setContextShown(shown) {
        if (get().contextShown === shown) return;
        set({ contextShown: shown });
        void get().sendContext({ shown });
      },
      dropGone(keys) {
        void get().sendContext({ dropGone: keys });
      },
      async sendContext(patch) {
        try {
          await api.updateContext(get().viewId, patch);
          if (get().contextError) set({ contextError: null });
        } catch (error) {
          const { message } = describeError(error);
          // A host that lost the view (it restarted) is sent the whole view again (view-sync.ts).
          if (/no view with id/.test(message)) set({ viewLost: get().viewLost + 1 });
          // A lost link has its own banner; anything else the host refused is said there, on one
          // line.
          if (get().hostLink.state === 'open')
            set({ contextError: message.split('\n')[0] ?? message });
        }
      },
      contextError: null,
      viewLost: 0,
    };
  };
}

/**
 * Keeps the curation (context-slice.ts) in step with the settings, the picks and marks, and
 * the catalogs, outside React. Each change starts a new run of the shared curation loop
 * (shared/context/curate.ts) and cancels the one in flight. Contents already read are kept,
 * so a toggle re-assembles without reading anything again; a resource the server says changed
 * is read afresh.
 */
import type { ContentItem } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import { curateContext, type ReadState } from '../../shared/context/curate';
import type { Mark } from '../../shared/context/policy';
import type { TokenClient } from '../token-client';
import type { AppStore } from './app-store';
import { createCandidateCache } from './candidate-cache';
import { EMPTY_CURATION } from './context-slice';
import { parseResourceKey, resourceKeyString } from '../../shared/catalog/resource-key';

/** How often progress reaches the store while reading. */
const PROGRESS_MS = 100;

export interface ContextSyncOptions {
  /** How long changes are gathered before a run; longer while a catalog is still listing. */
  delayMs?: number;
  listingDelayMs?: number;
}

export function startContextSync(store: AppStore, api: Pick<WindowApi, 'readResource' | 'cancelRequest' | 'onEvent' | 'listCandidates'>, tokens: TokenClient, options: ContextSyncOptions = {}): () => void {
  const delayMs = options.delayMs ?? 30;
  const listingDelayMs = options.listingDelayMs ?? 500;
  const contents = new Map<string, readonly ContentItem[]>();
  const catalog = createCandidateCache(api);
  // What curation learned per format and encoding (contents and their token counts): a toggle
  // then reads and counts nothing again. Keyed by "format encoding".
  const learned = new Map<string, Map<string, ReadState>>();
  // Bumped when a resource (or its whole server) is forgotten: a read that started before must
  // not bring the old contents back.
  const versions = new Map<string, number>();
  const serverVersions = new Map<string, number>();
  const serverOf = (key: string) => parseResourceKey(key).serverId;
  const version = (key: string) => `${versions.get(key) ?? 0}:${serverVersions.get(serverOf(key)) ?? 0}`;
  const drop = (test: (key: string) => boolean) => {
    for (const key of [...contents.keys()]) if (test(key)) contents.delete(key);
    for (const known of learned.values()) for (const key of [...known.keys()]) if (test(key)) known.delete(key);
  };
  const forgetResource = (key: string) => {
    versions.set(key, (versions.get(key) ?? 0) + 1);
    drop((known) => known === key);
  };
  const forgetServer = (serverId: string) => {
    serverVersions.set(serverId, (serverVersions.get(serverId) ?? 0) + 1);
    drop((key) => serverOf(key) === serverId);
  };
  // What the run in progress is reading, so a change to one of them starts the run again.
  let reading = new Set<string>();
  let nextRequest = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;

  function schedule(): void {
    clearTimeout(timer);
    const listing = Object.values(store.getState().catalogs).some((catalog) => catalog.status === 'listing');
    timer = setTimeout(() => void run(), listing ? listingDelayMs : delayMs);
  }

  async function run(): Promise<void> {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const state = store.getState();
    const settings = state.contextSettings;
    const marks = new Map<string, Mark>();
    for (const key of state.picked) marks.set(key, 'include');
    for (const [key, mark] of state.marks) marks.set(key, mark);
    if (!settings.auto && marks.size === 0) {
      store.setState({ curation: { ...EMPTY_CURATION, state: 'done' } });
      return;
    }
    let lastProgress = -Infinity;
    store.setState({ curation: { ...store.getState().curation, state: 'working', read: 0, pending: 0 } });
    try {
      // Auto-include weighs every resource; otherwise only the marked ones can go in.
      const candidates = await catalog.candidates(state, settings.auto ? null : [...marks.keys()], controller.signal);
      if (running !== controller) return;
      const config = `${settings.format} ${settings.encoding}`;
      let kept = learned.get(config);
      if (!kept) learned.set(config, (kept = new Map()));
      // This run's own copy; what it learns is kept only if nothing changed under it meanwhile.
      const known = new Map(kept);
      const readAt = new Map<string, string>();
      reading = new Set();
      const keep = () => {
        for (const [key, state] of known) {
          if ('contents' in state && !kept.has(key) && readAt.has(key) && readAt.get(key) === version(key)) kept.set(key, state);
        }
      };
      const curated = await curateContext({
        candidates,
        known,
        marks,
        settings,
        format: settings.format,
        signal: controller.signal,
        now: Date.now(),
        count: (text) => tokens.count(text, settings.encoding),
        read: async (serverId, uri) => {
          const key = resourceKeyString({ serverId, uri });
          const at = version(key);
          readAt.set(key, at);
          reading.add(key);
          const cached = contents.get(key);
          if (cached) return cached;
          // A cancelled run cancels its reads on the host too, so the server is never sent more.
          const requestId = `context-${nextRequest++}`;
          const cancel = () => void api.cancelRequest(requestId).catch(() => undefined);
          controller.signal.addEventListener('abort', cancel, { once: true });
          try {
            const result = await api.readResource(serverId, uri, requestId);
            if (version(key) === at) contents.set(key, result.contents);
            return result.contents;
          } finally {
            controller.signal.removeEventListener('abort', cancel);
          }
        },
        onProgress: (read, pending) => {
          // At most every PROGRESS_MS: a store update per read re-renders the pane per read.
          const now = performance.now();
          if (running !== controller || now - lastProgress < PROGRESS_MS) return;
          lastProgress = now;
          store.setState({ curation: { ...store.getState().curation, read, pending } });
        },
      });
      keep();
      if (running !== controller) return;
      const decisions = new Map(curated.result.decisions.map((decision) => [resourceKeyString(decision), decision]));
      store.setState({
        curation: {
          state: 'done',
          read: curated.reads,
          pending: 0,
          decisions,
          order: curated.result.context.map((entry) => resourceKeyString(entry)),
          text: curated.text,
          tokens: curated.tokens,
          // The whole text is counted in the worker next; until then, what the last count said.
          total: store.getState().curation.total,
          totalPending: true,
          used: curated.result.used,
          overBudget: curated.result.overBudget,
          warnings: curated.result.warnings,
        },
      });
      const total = await tokens.count(curated.text, settings.encoding);
      if (running !== controller) return;
      store.setState({ curation: { ...store.getState().curation, total, totalPending: false } });
    } catch (error) {
      if (running !== controller) return;
      store.setState({ curation: { ...store.getState().curation, state: 'failed', error: error instanceof Error ? error.message : String(error) } });
    }
  }

  // A renamed server changes the text of its sections: what was counted for it is stale.
  const names = new Map<string, string>();
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.servers !== previous.servers) {
      for (const [id, server] of Object.entries(state.servers)) {
        const before = names.get(id);
        if (before !== undefined && before !== server.name) forgetServer(id);
        names.set(id, server.name);
      }
    }
    if (
      state.contextSettings !== previous.contextSettings ||
      state.marks !== previous.marks ||
      state.picked !== previous.picked ||
      state.catalogs !== previous.catalogs ||
      state.servers !== previous.servers
    ) {
      schedule();
    }
  });
  const stopEvents = api.onEvent((event) => {
    if (event.type === 'resource-updated') {
      const key = resourceKeyString(event);
      const wasIncluded = store.getState().curation.decisions.get(key)?.included || reading.has(key);
      forgetResource(key);
      if (wasIncluded) schedule();
    } else if (event.type === 'catalog-reset') {
      forgetServer(event.serverId);
      catalog.forget(event.serverId);
    }
  });
  return () => {
    unsubscribe();
    stopEvents();
    clearTimeout(timer);
    running?.abort();
  };
}

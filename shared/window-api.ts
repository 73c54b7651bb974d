/**
 * What a window (the Electron renderer, a browser-mode page) sees of the host: the HostApi,
 * except that catalogs come without their resources. The host keeps those and sends each
 * window its view of them (`openView`); a window learns only how many each catalog holds.
 * The faces turn host events and snapshots into these before they leave the host's process.
 */
import type {
  HostApi,
  HostEvent,
  HostEventBody,
  HostSnapshot,
  ReplayInfo,
  Unsubscribe,
} from './host-api';
import type { CatalogSnapshot, ServerSnapshot } from './mcp-types';

/** A catalog without its resources. */
export interface CatalogSummary extends Omit<CatalogSnapshot, 'resources'> {
  /** Resources listed so far. */
  resourceCount: number;
}

/** A page of a catalog, as a window hears of it: how many resources it added. */
export interface CatalogPageSummary extends Omit<
  Extract<HostEventBody, { type: 'catalog-page' }>,
  'resources'
> {
  added: number;
}

/**
 * A listing again, as a window hears of it: how many resources the new list holds, and what changed
 * in sum.
 */
export interface CatalogRelistedSummary extends Omit<
  Extract<HostEventBody, { type: 'catalog-relisted' }>,
  'resources' | 'diff'
> {
  resourceCount: number;
}

export type WindowEventBody =
  | Exclude<HostEventBody, { type: 'catalog-page' | 'catalog-relisted' }>
  | CatalogPageSummary
  | CatalogRelistedSummary;
export type WindowEvent = { seq: number } & WindowEventBody;

export interface WindowSnapshot {
  seq: number;
  servers: ServerSnapshot[];
  catalogs: CatalogSummary[];
  /** Set when the host replays a capture: the window is read-only. */
  replay?: ReplayInfo;
}

/** The HostApi as a window calls it. */
export interface WindowApi extends Omit<HostApi, 'getSnapshot' | 'onEvent'> {
  getSnapshot(): Promise<WindowSnapshot>;
  onEvent(listener: (event: WindowEvent) => void): Unsubscribe;
}

export function summarizeCatalog(catalog: CatalogSnapshot): CatalogSummary {
  const { resources, ...rest } = catalog;
  return { ...rest, resourceCount: resources.length };
}

export function windowSnapshot(snapshot: HostSnapshot): WindowSnapshot {
  return {
    seq: snapshot.seq,
    servers: snapshot.servers,
    catalogs: snapshot.catalogs.map(summarizeCatalog),
    ...(snapshot.replay && { replay: snapshot.replay }),
  };
}

export function windowEvent(event: HostEvent): WindowEvent {
  if (event.type === 'catalog-relisted') {
    const { resources, diff: _diff, ...rest } = event;
    return { ...rest, resourceCount: resources.length };
  }
  if (event.type !== 'catalog-page') return event;
  const { resources, ...rest } = event;
  return { ...rest, added: resources.length };
}

/** A window's API over a host in the same process (tests, tools). */
export function windowApi(host: HostApi): WindowApi {
  return {
    ...host,
    getSnapshot: async () => windowSnapshot(await host.getSnapshot()),
    onEvent: (listener) => host.onEvent((event) => listener(windowEvent(event))),
  };
}

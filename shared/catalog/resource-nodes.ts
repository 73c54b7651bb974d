/**
 * A resource's node in the catalog tree, one object per resource and nothing more: its id, its
 * count and what it sorts by are read from its entry when asked, not stored, since a host holds
 * a node for every resource of every catalog (a million, say) and a window reads a few hundred
 * ids. The node is also its own sorting row (build-tree.ts). One class per sort, so a folder's
 * leaves all share one shape and the comparator reads a field or a plain getter.
 */
import type { ResourceEntry, ServerId } from '../mcp-types';
import { resourceNodeId } from './node-ids';
import type { SortFacts } from './sibling-order';
import type { CatalogNode, CatalogSort } from './tree-types';

/** A resource's node, sorted by name. */
export class ResourceNode implements CatalogNode, SortFacts {
  constructor(
    readonly serverId: ServerId,
    readonly label: string,
    readonly resource: ResourceEntry,
    readonly ordinal: number,
  ) {}
  get kind(): 'resource' {
    return 'resource';
  }
  get id(): string {
    return resourceNodeId(this.serverId, this.resource.uri);
  }
  get resourceCount(): number {
    return 1;
  }
  /** As a sorting row: itself. */
  get node(): CatalogNode {
    return this;
  }
  get key(): string {
    return this.label;
  }
  get tiebreak(): string {
    return this.resource.uri;
  }
  get priority(): number {
    return Number.NaN;
  }
  get time(): number {
    return Number.NaN;
  }
}

/** Sorted by priority: read from the annotations, which the entry keeps. */
class ByPriority extends ResourceNode {
  override get priority(): number {
    const priority = this.resource.annotations?.priority;
    return typeof priority === 'number' ? priority : Number.NaN;
  }
}

/** Sorted by time: parsed once, since Date.parse is the costliest step of a sort. */
class ByTime extends ResourceNode {
  readonly #time: number;
  constructor(serverId: ServerId, label: string, resource: ResourceEntry, ordinal: number) {
    super(serverId, label, resource, ordinal);
    const lastModified = resource.annotations?.lastModified;
    this.#time = typeof lastModified === 'string' ? Date.parse(lastModified) : Number.NaN;
  }
  override get time(): number {
    return this.#time;
  }
}

export type ResourceNodeClass = new (
  serverId: ServerId,
  label: string,
  resource: ResourceEntry,
  ordinal: number,
) => ResourceNode;

/** The class of a resource's node under `sort`. */
export function resourceNodeClass(sort: CatalogSort): ResourceNodeClass {
  return sort === 'priority' ? ByPriority : sort === 'lastModified' ? ByTime : ResourceNode;
}

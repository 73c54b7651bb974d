/**
 * The catalog trees every view of one host shares: one per sort, built once for each change of
 * the catalogs, so a second window costs its own frames and search, never a second tree. A
 * view reads the tree it is given at once (folders make their rows when first read, from the
 * builder's state as of its last build: see build-tree.ts).
 */
import { createCatalogTreeBuilder, type CatalogTreeBuilder } from './build-tree';
import type { CatalogNode, CatalogSort, CatalogTreeInput } from './tree-types';

interface Built {
  builder: CatalogTreeBuilder;
  input: Omit<CatalogTreeInput, 'sort'> | undefined;
  tree: CatalogNode[];
}

export class SharedTrees {
  readonly #bySort = new Map<CatalogSort, Built>();

  /**
   * The tree of `input` (servers, resources and templates; its `sort` is ignored) under `sort`:
   * the one made before when `input` is the same object.
   */
  tree(input: Omit<CatalogTreeInput, 'sort'>, sort: CatalogSort): CatalogNode[] {
    let built = this.#bySort.get(sort);
    if (!built) {
      built = { builder: createCatalogTreeBuilder(), input: undefined, tree: [] };
      this.#bySort.set(sort, built);
    }
    if (built.input !== input) {
      const { servers, resources, templates } = input;
      built.tree = built.builder.build({ servers, resources, templates, sort });
      built.input = input;
    }
    return built.tree;
  }

  /** Lets go of the trees of sorts no view shows any more. */
  keepOnly(sorts: ReadonlySet<CatalogSort>): void {
    for (const sort of this.#bySort.keys()) if (!sorts.has(sort)) this.#bySort.delete(sort);
  }
}

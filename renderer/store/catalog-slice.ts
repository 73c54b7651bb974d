/**
 * The catalog slice: each server's catalog summary, folded from catalog events by
 * reducers/catalog-reducer.ts.
 */
import type { CatalogSlice, SliceCreator } from './app-state';

export const createCatalogSlice: SliceCreator<CatalogSlice> = () => ({
  catalogs: {},
});

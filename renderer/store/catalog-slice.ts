/** The catalog slice: each server's catalog, folded from catalog events by reducers/catalog-reducer.ts. */
import type { StateCreator } from 'zustand';
import type { CatalogSnapshot, ServerId } from '../../shared/host-api';
import type { AppState } from './app-store';

export interface CatalogSlice {
  catalogs: Record<ServerId, CatalogSnapshot>;
}

export const createCatalogSlice: StateCreator<AppState, [], [], CatalogSlice> = () => ({
  catalogs: {},
});

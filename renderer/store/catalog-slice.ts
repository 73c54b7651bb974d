/**
 * The catalog slice: each server's catalog summary, folded from catalog events by
 * reducers/catalog-reducer.ts.
 */
import type { StateCreator } from 'zustand';
import type { ServerId } from '../../shared/mcp-types';
import type { CatalogSummary } from '../../shared/window-api';
import type { AppState } from './app-store';

export interface CatalogSlice {
  catalogs: Record<ServerId, CatalogSummary>;
}

export const createCatalogSlice: StateCreator<AppState, [], [], CatalogSlice> = () => ({
  catalogs: {},
});

// The demo server's data. Everything here is a pure function of a seed and a reference date,
// so the catalog, its sizes and its dates are identical on every run and in every test.
import { changelogEntries } from './catalog-changelog';
import { databaseEntries } from './catalog-database';
import { designEntries } from './catalog-design';
import { docEntries } from './catalog-docs';
import { fileEntries } from './catalog-files';
import type { CatalogContext, CatalogEntry } from './catalog-entry';

export type {
  Audience,
  CatalogAnnotations,
  CatalogBody,
  CatalogContext,
  CatalogEntry,
  CatalogMetadata,
} from './catalog-entry';
export { utf8Length } from './catalog-entry';

/** Inputs that fix the catalog. Change them and every date and number moves with them. */
export interface CatalogOptions {
  /** Seeds the generator behind dates and figures. */
  seed?: number;
  /** "Now" for the catalog: every lastModified falls before it. */
  referenceDate?: Date;
}

/** The date the demo catalog is frozen at. */
export const DEMO_REFERENCE_DATE = '2026-11-01T00:00:00.000Z';

/** The default seed; any other value gives a different but equally stable catalog. */
export const DEMO_SEED = 20261101;

/** Mulberry32: tiny, fast and good enough to scatter dates; not for anything secret. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Builds the shared context the section builders draw dates and figures from. */
export function createCatalogContext(options: CatalogOptions = {}): CatalogContext {
  const referenceDate = options.referenceDate ?? new Date(DEMO_REFERENCE_DATE);
  const random = seededRandom(options.seed ?? DEMO_SEED);
  const integer = (min: number, max: number): number =>
    min + Math.floor(random() * (max - min + 1));
  return {
    referenceDate,
    integer,
    daysAgo(days) {
      // Office hours on the calendar day `days` before the reference date's day.
      const dayStart = referenceDate.getTime() - (days + 1) * 86_400_000;
      return new Date(dayStart + integer(8 * 60, 19 * 60) * 60_000).toISOString();
    },
  };
}

/**
 * Builds the whole demo catalog for Lumen, a fictional note-taking app: product docs,
 * design tokens and assets, the database schema, the changelog and a few local files.
 * Pure and deterministic: the same options always give the same entries, in the same order.
 */
export function buildCatalog(options: CatalogOptions = {}): CatalogEntry[] {
  const context = createCatalogContext(options);
  return [
    ...docEntries(context),
    ...designEntries(context),
    ...databaseEntries(context),
    ...changelogEntries(context),
    ...fileEntries(context),
  ];
}

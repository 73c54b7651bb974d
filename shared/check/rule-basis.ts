/** What a rule of rule-catalog.ts rests on, and the revisions it is said in. */
import type { Level, SpecReference } from './check-types';

export type Era = 'legacy' | 'modern';

/** Where a rule comes from: the spec's words, and how hard they bind. */
export interface Basis extends SpecReference {
  level: Level;
  /** The spec's own words, quoted. */
  says: string;
  /** For a rule the spec does not spell out: why it is held at this level. */
  beyond?: string;
}

export interface RuleDefinition {
  title: string;
  /** The basis in 2026-07-28, and in 2025-11-25 unless `legacy` says otherwise. */
  basis: Basis;
  /** The basis in 2025-11-25, where it differs. */
  legacy?: Basis;
}

export const BOTH = '2025-11-25, 2026-07-28';
/** For the rules the schema states by a type rather than a keyword. */
export const SCHEMA_IS_THE_RULE =
  'Stated by the schema, "the source of truth for all protocol messages and structures": a value outside it is not a valid message.';
export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';

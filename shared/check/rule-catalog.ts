/**
 * Every rule `mcp-context check` judges: its id, its title, and its basis, where the spec says
 * it, in the spec's words, at the level the spec says it. A rule's level decides its verdict
 * when it is broken: MUST (and MUST NOT) fails, SHOULD warns. Where 2025-11-25 words a rule
 * otherwise than 2026-07-28, the rule has a basis for each, and a server is held to the one of
 * the revision it speaks. A few rules go beyond what the spec spells out (a list that never
 * ends, say); their `beyond` says why they are held at their level. Pure data.
 */
import {
  BOTH,
  MODERN,
  SCHEMA_IS_THE_RULE,
  type Basis,
  type Era,
  type RuleDefinition,
} from './rule-basis';
import { RULES_NOTIFICATIONS } from './rule-catalog-notifications';
import { RULES_READING } from './rule-catalog-reading';

export const RULES_LISTING = {
  'capabilities.resources': {
    title: 'resources is declared if and only if resources/list answers',
    basis: {
      revision: BOTH,
      section: 'Resources › Capabilities',
      level: 'MUST',
      says: 'Servers that support resources MUST declare the resources capability',
    },
  },
  'pagination.ends': {
    title: 'The list ends',
    basis: {
      revision: BOTH,
      section: 'Utilities › Pagination',
      level: 'MUST',
      says: 'An optional nextCursor field if more results exist',
      beyond:
        'A cursor loop says more results exist forever: the list can never be had whole, and a client that follows it never ends.',
    },
  },
  'pagination.empty-cursor': {
    title: 'An empty cursor is a cursor',
    basis: {
      revision: MODERN,
      section: 'Utilities › Pagination',
      level: 'SHOULD',
      says: 'an empty string is a valid cursor and thus MUST NOT be treated as the end of results',
      beyond:
        'Said of clients, since 2026-07-28 only: before it, a client may take "" for the end, so a server offering it risks a list cut short. Warned of, never failed.',
    },
  },
  'pagination.no-duplicates': {
    title: 'No URI is listed twice',
    basis: {
      revision: BOTH,
      section: 'Resources',
      level: 'MUST',
      says: 'Each resource is uniquely identified by a URI.',
      beyond: 'Two entries with one URI leave a client to guess which one the URI means.',
    },
  },
  'pagination.bogus-cursor': {
    title: 'A cursor the server never gave gets -32602',
    basis: {
      revision: BOTH,
      section: 'Utilities › Pagination › Error handling',
      level: 'SHOULD',
      says: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    },
  },
  'fields.required': {
    title: 'Required fields, with the right types',
    basis: {
      revision: BOTH,
      section: 'Resources › Data types › Resource (schema.ts)',
      level: 'MUST',
      says: 'uri: string; name: string (required in the schema; title, description and mimeType are strings where given)',
      beyond: SCHEMA_IS_THE_RULE,
    },
  },
  'fields.uri': {
    title: 'Each uri is a URI (RFC 3986)',
    basis: {
      revision: BOTH,
      section: 'Resources › Common URI schemes',
      level: 'MUST',
      says: 'Custom URI schemes MUST be in accordance with RFC3986',
    },
  },
  'fields.size': {
    title: 'size is a non-negative integer',
    basis: {
      revision: BOTH,
      section: 'Resources › Data types › Resource (schema.json)',
      level: 'MUST',
      says: 'size: "The size of the raw resource content, in bytes", of type integer',
      beyond:
        'A negative size is no size; the schema types it integer and a count is never below 0.',
    },
  },
  'annotations.valid': {
    title: 'Annotations in range: priority in [0,1], audience of user and assistant',
    basis: {
      revision: BOTH,
      section: 'Resources › Annotations (schema.ts)',
      level: 'MUST',
      says: 'priority: @minimum 0 @maximum 1; audience?: Role[], Role being "user" | "assistant"',
      beyond: SCHEMA_IS_THE_RULE,
    },
  },
  'annotations.last-modified': {
    title: 'lastModified is an ISO 8601 timestamp',
    basis: {
      revision: BOTH,
      section: 'Resources › Annotations (schema.ts)',
      level: 'SHOULD',
      says: 'Should be an ISO 8601 formatted string (e.g., "2025-01-12T15:00:58Z").',
    },
  },
  'cache.ttl': {
    title: 'Every cacheable result carries ttlMs, an integer of 0 or more',
    basis: {
      revision: MODERN,
      section: 'Utilities › Caching',
      level: 'MUST',
      says: 'Servers MUST include caching hints on results with resultType: "complete" returned by […] resources/list, resources/templates/list, resources/read. Servers MUST provide a ttlMs value that is >= 0.',
    },
  },
  'cache.scope': {
    title: 'Every cacheable result carries a cacheScope, one across the pages of a list',
    basis: {
      revision: MODERN,
      section: 'Utilities › Caching',
      level: 'MUST',
      says: 'Servers MUST include caching hints on results with resultType: "complete" […] Servers MUST apply the same cacheScope to all response pages for a given list',
    },
  },
  'result.type': {
    title: 'resultType, where given, is "complete"',
    basis: {
      revision: MODERN,
      section: 'Basic › Responses',
      level: 'MUST',
      says: 'A resultType of any value unrecognized by the client MUST be considered invalid.',
    },
  },
  'icons.schemes': {
    title: 'Icons use http:, https: or data:',
    basis: {
      revision: BOTH,
      section: 'Basic › Icons',
      level: 'MUST',
      says: 'Clients MUST reject icon URIs that use unsafe schemes and redirects, such as javascript:, file:, ftp:, ws:, or local app URI schemes.',
      beyond:
        'Said of clients: an icon every client must reject is an icon the server must not send.',
    },
  },
  'icons.svg': {
    title: 'SVG icons are warned of: they can carry script',
    basis: {
      revision: BOTH,
      section: 'Basic › Icons',
      level: 'SHOULD',
      says: 'Exercise caution when fetching and rendering icons as the payload MAY contain executable content (e.g., SVG with embedded JavaScript)',
      beyond:
        'SVG is allowed; it is warned of so a client renders it as an image, never a document.',
    },
  },
  'listing.per-connection': {
    title: 'Two fresh connections see the same resources',
    basis: {
      revision: MODERN,
      section: 'Resources › Capabilities',
      level: 'MUST',
      says: 'This set MAY be empty and MAY change over time […], but MUST NOT vary per-connection or as a side effect of other requests on the connection.',
    },
  },
} satisfies Record<string, RuleDefinition>;

export type { Basis, Era, RuleDefinition } from './rule-basis';

export const RULES = { ...RULES_LISTING, ...RULES_READING, ...RULES_NOTIFICATIONS };
export type RuleId = keyof typeof RULES;

/** A rule's basis for a server of `era` (2026-07-28's where the era is not known). */
export function basisOf(rule: RuleId, era: Era | undefined): Basis {
  const definition: RuleDefinition = RULES[rule];
  return era === 'legacy' && definition.legacy ? definition.legacy : definition.basis;
}

/**
 * The rules of rule-catalog.ts about reading: a listed resource read back, a URI nobody lists,
 * paths out of a file:// root, templates and their completion, and the schema. Pure data.
 */
import { BOTH, LEGACY, MODERN, SCHEMA_IS_THE_RULE, type RuleDefinition } from './rule-basis';

export const RULES_READING = {
  'read.back': {
    title: 'Every listed resource reads back, each item with its uri and one of text or blob',
    basis: {
      revision: BOTH,
      section: 'Resources › Reading resources; Security considerations',
      level: 'MUST',
      says: 'contents: (TextResourceContents | BlobResourceContents)[]; Binary data MUST be properly encoded',
    },
  },
  'read.not-empty': {
    title: 'A listed resource reads as some contents, not an empty array',
    basis: {
      revision: MODERN,
      section: 'Resources › Error handling',
      level: 'SHOULD',
      says: 'An empty array is ambiguous—it could mean the resource exists but has no content, or that it doesn\u2019t exist at all.',
      beyond:
        'The MUST NOT is said of a resource that does not exist; for one that is listed, empty contents are allowed but read as "gone": warned of.',
    },
  },
  'read.unknown-resource': {
    title: 'An unknown resource never reads as an empty contents array',
    basis: {
      revision: MODERN,
      section: 'Resources › Error handling',
      level: 'MUST',
      says: 'Servers MUST NOT return an empty contents array for a non-existent resource.',
    },
    legacy: {
      revision: LEGACY,
      section: 'Resources › Error handling',
      level: 'SHOULD',
      says: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found: -32002',
    },
  },
  'read.unknown-resource-code': {
    title: 'An unknown resource gets -32602 (or, before 2026-07-28, -32002)',
    basis: {
      revision: MODERN,
      section: 'Resources › Error handling',
      level: 'MUST',
      says: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code -32602 (Invalid Params).',
    },
    legacy: {
      revision: LEGACY,
      section: 'Resources › Error handling',
      level: 'SHOULD',
      says: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found: -32002',
    },
  },
  'read.unknown-resource-uri': {
    title: "An unknown resource's error names it in data.uri",
    basis: {
      revision: BOTH,
      section: 'Resources › Error handling (SEP-2164)',
      level: 'SHOULD',
      says: 'Example error: {"code": -32602, "message": "Resource not found", "data": {"uri": "file:///nonexistent.txt"}}',
      beyond:
        'SEP-2164, which the section comes from: the error SHOULD include the requested uri in data.',
    },
  },
  'security.path-traversal': {
    title: 'Paths out of the listed root get an error, never content',
    basis: {
      revision: MODERN,
      section: 'Resources › Security considerations',
      level: 'MUST',
      says: 'Servers MUST sanitize file paths to prevent directory traversal attacks when serving file:// resources',
    },
    legacy: {
      revision: LEGACY,
      section: 'Resources › Security considerations',
      level: 'MUST',
      says: 'Servers MUST validate all resource URIs',
    },
  },
  'templates.rfc6570': {
    title: 'Each template parses as RFC 6570',
    basis: {
      revision: BOTH,
      section: 'Resources › Resource templates (schema.ts)',
      level: 'MUST',
      says: 'uriTemplate: A URI template (according to RFC 6570) that can be used to construct resource URIs. @format uri-template',
      beyond: SCHEMA_IS_THE_RULE,
    },
  },
  'templates.ends': {
    title: 'The template list ends',
    basis: {
      revision: BOTH,
      section: 'Utilities › Pagination (resources/templates/list)',
      level: 'MUST',
      says: 'An optional nextCursor field if more results exist',
      beyond:
        'A cursor loop says more templates exist forever: the list can never be had whole, and a client that follows it never ends.',
    },
  },
  'templates.read': {
    title: 'A URI built from a template reads back, each item with its uri and one of text or blob',
    basis: {
      revision: BOTH,
      section: 'Resources › Resource templates; Reading resources',
      level: 'MUST',
      says: 'uriTemplate: A URI template (according to RFC 6570) that can be used to construct resource URIs; contents: (TextResourceContents | BlobResourceContents)[]',
      beyond:
        'A URI built from a template is read as any resource: what it answers is held to the schema. Where it answers an error no resource may be there, which is not judged; empty contents are only warned of (a resource with no contents, or none at all).',
    },
  },
  'templates.completion': {
    title:
      'completion/complete answers at most 100 string values, total an integer, hasMore a boolean',
    basis: {
      revision: BOTH,
      section: 'Utilities › Completion (schema.ts, CompleteResult)',
      level: 'MUST',
      says: 'values: An array of completion values. Must not exceed 100 items. total?: number (an integer in schema.json); hasMore?: boolean',
    },
  },
  'completion.unknown-template': {
    title: 'completion/complete of a template nobody lists gets -32602',
    basis: {
      revision: BOTH,
      section: 'Utilities › Completion › Error handling',
      level: 'SHOULD',
      says: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: […] Invalid prompt name: -32602 (Invalid params)',
      beyond:
        'Said of a prompt; a template reference nobody lists is the same mistake, and a completion for it would offer values for nothing.',
    },
  },
  'wire.schema': {
    title: "Every message the server sent fits the spec's JSON schema",
    basis: {
      revision: BOTH,
      section: 'schema.json of the negotiated revision',
      level: 'MUST',
      says: 'The full specification of the protocol is defined as a TypeScript schema. This is the source of truth for all protocol messages and structures.',
      beyond: 'A message that does not fit its type in the schema is not that message.',
    },
  },
} satisfies Record<string, RuleDefinition>;

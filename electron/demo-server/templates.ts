// Resource templates with argument completion: what a client offers when the user types a URI.
import {
  ResourceNotFoundError,
  ResourceTemplate,
  type McpServer,
  type ReadResourceResult,
} from '@modelcontextprotocol/server';
import type { CatalogEntry } from './catalog-entry';
import { RELEASES } from './catalog-changelog';
import { TABLES } from './catalog-database';
import { readResult } from './resource-contents';

/** The URI templates the demo server publishes, by name. */
export const TEMPLATE_URIS = {
  table: 'db://lumen/schema/tables/{table}',
  release: 'changelog://lumen/releases/{version}',
  token: 'design://tokens/{group}/{token}.json',
  search: 'docs://lumen/search{?q}',
} as const;

const MAX_SEARCH_RESULTS = 20;

function startingWith(values: Iterable<string>, prefix: string): string[] {
  const wanted = prefix.toLowerCase();
  return [...new Set(values)].filter((value) => value.toLowerCase().startsWith(wanted));
}

/** Template matches come back still percent-encoded, and a query may use `+` for spaces. */
function decodeVariable(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function searchResults(docs: CatalogEntry[], uri: string, query: string): ReadResourceResult {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = docs.filter((doc) => {
    const haystack =
      `${doc.title ?? doc.name} ${doc.description ?? ''} ${doc.body.kind === 'text' ? doc.body.text : ''}`.toLowerCase();
    return words.length > 0 && words.every((word) => haystack.includes(word));
  });
  const lines = [
    `# Search: ${query || '(empty query)'}`,
    '',
    hits.length === 0
      ? 'No pages match. Try fewer or shorter words.'
      : `${hits.length} page${hits.length === 1 ? '' : 's'} match.`,
    '',
    ...hits
      .slice(0, MAX_SEARCH_RESULTS)
      .map((doc) => `- [${doc.title ?? doc.name}](${doc.uri}): ${doc.description ?? ''}`),
  ];
  // A search is a resource in its own right: no hits is an empty result page, not a missing
  // resource.
  return { contents: [{ uri, mimeType: 'text/markdown', text: `${lines.join('\n')}\n` }] };
}

/**
 * Registers the four templates: table schemas, release notes, design tokens (whose `token`
 * completion depends on the `group` already chosen) and docs search. Lookups of values that
 * do not exist answer the SDK's resource-not-found error, never empty contents.
 */
export function registerTemplates(server: McpServer, catalog: readonly CatalogEntry[]): void {
  const byUri = new Map(catalog.map((entry) => [entry.uri, entry]));
  const lookup = (uri: URL): ReadResourceResult => {
    const entry = byUri.get(uri.href);
    if (!entry) throw new ResourceNotFoundError(uri.href);
    return readResult(entry);
  };
  const tokens = catalog
    .filter((entry) => entry.uri.startsWith('design://tokens/'))
    .map((entry) => entry.uri.split('/').slice(-2) as [string, string]);
  const docs = catalog.filter((entry) => entry.uri.startsWith('docs://'));
  const keywords = docs
    .flatMap((doc) => (doc.title ?? '').toLowerCase().split(/[^a-z0-9-]+/))
    .filter((word) => word.length >= 4)
    .sort();

  server.registerResource(
    'table-schema',
    new ResourceTemplate(TEMPLATE_URIS.table, {
      list: undefined,
      complete: {
        table: (value) =>
          startingWith(
            TABLES.map((table) => table.name),
            value,
          ),
      },
    }),
    {
      title: 'Table schema',
      description: 'The CREATE TABLE statement for one table of the Lumen database.',
      mimeType: 'application/sql',
      annotations: { audience: ['assistant'], priority: 0.6 },
    },
    (uri) => lookup(uri),
  );
  server.registerResource(
    'release-notes',
    new ResourceTemplate(TEMPLATE_URIS.release, {
      list: undefined,
      complete: {
        version: (value) =>
          startingWith(
            RELEASES.map((release) => release.version),
            value,
          ),
      },
    }),
    {
      title: 'Release notes',
      description: 'What changed in one Lumen version.',
      mimeType: 'text/markdown',
      annotations: { audience: ['user'] },
    },
    (uri) => lookup(uri),
  );
  server.registerResource(
    'design-token',
    new ResourceTemplate(TEMPLATE_URIS.token, {
      list: undefined,
      complete: {
        group: (value) =>
          startingWith(
            tokens.map(([group]) => group),
            value,
          ),
        token: (value, context) => {
          const group = context?.arguments?.['group'];
          return startingWith(
            tokens
              .filter(([tokenGroup]) => !group || tokenGroup === group)
              .map(([, file]) => file.replace(/\.json$/, '')),
            value,
          );
        },
      },
    }),
    {
      title: 'Design token',
      description: 'One design token in W3C Design Tokens JSON.',
      mimeType: 'application/json',
    },
    (uri) => lookup(uri),
  );
  server.registerResource(
    'docs-search',
    new ResourceTemplate(TEMPLATE_URIS.search, {
      list: undefined,
      complete: { q: (value) => startingWith(keywords, value) },
    }),
    {
      title: 'Search the docs',
      description: 'Pages of the Lumen docs that contain every word of the query.',
      mimeType: 'text/markdown',
      annotations: { audience: ['user', 'assistant'], priority: 0.5 },
    },
    (uri, variables) => searchResults(docs, uri.href, decodeVariable(variables['q'])),
  );
}

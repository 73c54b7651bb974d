/**
 * Shapes the catalogs of all servers into the rows of the resource tree:
 * server → scheme and authority → path folders → resource, plus a "Templates" branch.
 * Pure and deterministic: the same input in any order gives the same tree.
 */
import type { Annotations, ResourceEntry, ServerId, TemplateEntry } from '../host-api';
import { folderNodeId, resourceNodeId, serverNodeId, templateNodeId, templatesNodeId } from './node-ids';
import { annotationFacts, maxPresent, siblingComparator, type SortFacts } from './sibling-order';
import type { CatalogNode, CatalogSort, CatalogTreeInput } from './tree-types';
import { decodeSegment, leafStart, splitUri } from './uri-path';

export { folderNodeId, resourceNodeId, serverNodeId, templateNodeId, templatesNodeId } from './node-ids';

/** A folder while resources are still being added to it. */
interface FolderDraft {
  path: string;
  label: string;
  folders: Map<string, FolderDraft>;
  leaves: Row[];
}

/** A finished row with what it is sorted by. */
interface Row extends SortFacts {
  node: CatalogNode;
}

/**
 * Builds the catalog tree: one root per server, in input order. Chains of folders that each
 * hold only one folder become one row (`docs/api/v2`); a resource whose URI is also the
 * prefix of others appears both as a leaf and as the folder of the others.
 */
export function buildCatalogTree(input: CatalogTreeInput): CatalogNode[] {
  const compare = siblingComparator(input.sort);
  return input.servers.map((server) => {
    const drafts: ServerDrafts = { roots: new Map(), directories: new Map() };
    for (const resource of input.resources[server.id] ?? []) addResource(drafts, server.id, resource, input.sort);
    const children = sortRows([...drafts.roots.values()].map((root) => finishFolder(root, server.id, compare)), compare);
    const templates = uniqueBy(input.templates[server.id] ?? [], (entry) => entry.uriTemplate);
    if (templates.length > 0) children.push(templatesBranch(server.id, templates, input.sort, compare));
    return {
      id: serverNodeId(server.id),
      kind: 'server',
      serverId: server.id,
      label: server.name,
      children,
      resourceCount: children.reduce((sum, child) => sum + child.resourceCount, 0),
    };
  });
}

/** The first entry of each key, in order. */
function uniqueBy<T>(entries: readonly T[], key: (entry: T) => string): T[] {
  const seen = new Set<string>();
  const unique: T[] = [];
  for (const entry of entries) {
    const value = key(entry);
    if (seen.has(value)) continue;
    seen.add(value);
    unique.push(entry);
  }
  return unique;
}

/** The folders of one server, and the folder of every URI prefix already seen (see {@link leafStart}). */
interface ServerDrafts {
  roots: Map<string, FolderDraft>;
  directories: Map<string, FolderDraft>;
}

/** Walks down from the root, creating folders as needed; runs once per directory, not per resource. */
function folderFor(drafts: ServerDrafts, root: string, folders: string): FolderDraft {
  let folder: FolderDraft | undefined = drafts.roots.get(root);
  if (!folder) {
    folder = { path: root, label: root, folders: new Map(), leaves: [] };
    drafts.roots.set(root, folder);
  }
  if (folders === '') return folder;
  for (const segment of folders.split('/')) {
    let child: FolderDraft | undefined = folder.folders.get(segment);
    if (!child) {
      child = { path: `${folder.path}/${segment}`, label: decodeSegment(segment), folders: new Map(), leaves: [] };
      folder.folders.set(segment, child);
    }
    folder = child;
  }
  return folder;
}

function addResource(drafts: ServerDrafts, serverId: ServerId, resource: ResourceEntry, sort: CatalogSort): void {
  const uri = resource.uri;
  const prefix = uri.slice(0, leafStart(uri));
  let folder = drafts.directories.get(prefix);
  let leaf: string | undefined;
  if (!folder) {
    const parts = splitUri(uri);
    folder = folderFor(drafts, parts.root, parts.folders);
    drafts.directories.set(prefix, folder);
    leaf = parts.leaf;
  }
  // A row needs something to show even when the server sent no name and the URI is empty.
  const label = resource.title || resource.name || decodeSegment(leaf ?? splitUri(uri).leaf) || uri || '(no name)';
  const node: CatalogNode = { id: resourceNodeId(serverId, uri), kind: 'resource', serverId, label, resourceCount: 1, resource };
  folder.leaves.push(leafRow(node, label, uri, resource.annotations, sort));
}

function leafRow(node: CatalogNode, label: string, tiebreak: string, annotations: Annotations | undefined, sort: CatalogSort): Row {
  const { priority, time } = annotationFacts(annotations, sort);
  return { node, key: label, tiebreak, priority, time };
}

/** Turns a draft into a row, collapsing single-folder chains into one label. */
function finishFolder(draft: FolderDraft, serverId: ServerId, compare: (a: SortFacts, b: SortFacts) => number): Row {
  const top = draft;
  let label = draft.label;
  let current = draft;
  while (current.leaves.length === 0 && current.folders.size === 1) {
    const [only] = current.folders.values();
    if (!only) break;
    label = `${label}/${only.label}`;
    current = only;
  }
  const folderRows = [...current.folders.values()].map((child) => finishFolder(child, serverId, compare));
  // Servers should not list a URI twice (the host warns and keeps the first); if one does, so
  // do we, as ids must be unique. A URI's duplicates share its folder, and small per-folder
  // sets cost a fraction of one set of 100,000 URIs.
  const leaves = current.leaves.length > 1 ? uniqueBy(current.leaves, (row) => row.tiebreak) : current.leaves;
  const rows = [...sortRows(folderRows, compare), ...sortRows(leaves, compare)];
  let resourceCount = 0;
  let priority = Number.NaN;
  let time = Number.NaN;
  for (const row of [...folderRows, ...leaves]) {
    resourceCount += row.node.resourceCount;
    priority = maxPresent(priority, row.priority);
    time = maxPresent(time, row.time);
  }
  const node: CatalogNode = { id: folderNodeId(serverId, top.path), kind: 'folder', serverId, label, children: rows, resourceCount };
  return { node, key: label, tiebreak: top.path, priority, time };
}

function sortRows(rows: Row[], compare: (a: SortFacts, b: SortFacts) => number): CatalogNode[] {
  return rows.sort(compare).map((row) => row.node);
}

function templatesBranch(
  serverId: ServerId,
  templates: readonly TemplateEntry[],
  sort: CatalogSort,
  compare: (a: SortFacts, b: SortFacts) => number,
): CatalogNode {
  const rows: Row[] = templates.map((template) => {
    const label = template.title || template.name || template.uriTemplate || '(no name)';
    const node: CatalogNode = {
      id: templateNodeId(serverId, template.uriTemplate),
      kind: 'template',
      serverId,
      label,
      resourceCount: 0,
      template,
    };
    return leafRow(node, label, template.uriTemplate, template.annotations, sort);
  });
  return { id: templatesNodeId(serverId), kind: 'templates', serverId, label: 'Templates', children: sortRows(rows, compare), resourceCount: 0 };
}

/**
 * Ids of catalog tree nodes. Each is `kind NUL serverId NUL key`: URIs are untrusted text and
 * may hold any printable character (including ":" and "/"), but a server id is assigned by the
 * host and never holds NUL, so the first two NULs always split an id unambiguously.
 */
import type { ServerId } from '../mcp-types';

const separator = '\u0000';

/** The id of a server's root row. */
export function serverNodeId(serverId: ServerId): string {
  return `server${separator}${serverId}`;
}

/** The id of a resource row; one per (serverId, uri), as the catalog keys resources. */
export function resourceNodeId(serverId: ServerId, uri: string): string {
  return `resource${separator}${serverId}${separator}${uri}`;
}

/** The id of a template row. */
export function templateNodeId(serverId: ServerId, uriTemplate: string): string {
  return `template${separator}${serverId}${separator}${uriTemplate}`;
}

/** The id of a server's "Templates" branch. */
export function templatesNodeId(serverId: ServerId): string {
  return `templates${separator}${serverId}`;
}

/**
 * The id of a folder row. `path` is the folder's root label followed by its raw (still
 * percent-encoded) segments, joined by "/": `docs://lumen/api/v2`. A collapsed chain
 * (docs/api/v2) takes the id of its top folder, so a row the user opened stays open when a
 * later page gives that folder a second child and the chain splits.
 */
export function folderNodeId(serverId: ServerId, path: string): string {
  return `folder${separator}${serverId}${separator}${path}`;
}

/** What a walk needs to find a node by id (view-rows.ts, pathTo). */
export interface NodeIdTest {
  /** Whether `node` is the one. */
  is(node: NodeFields): boolean;
  /** Whether it may be below `node`: false only where it cannot be. */
  mayHold(node: NodeFields): boolean;
}

interface NodeFields {
  id: string;
  kind: string;
  serverId: ServerId;
  resource?: { uri: string };
}

const anywhere = () => true;

/**
 * A test for the node with `id`. A resource's node makes its id only when asked
 * (resource-nodes.ts), so a resource is matched by its server and URI instead, and looked for
 * only in its server and in folders whose path starts its URI (a folder's path is its URI's
 * prefix, except where the tree tidied the URI, when a walk looks everywhere: see pathTo).
 */
export function nodeIdTest(id: string, strict = true): NodeIdTest {
  const kindEnd = id.indexOf(separator);
  const serverEnd = id.indexOf(separator, kindEnd + 1);
  if (kindEnd === -1 || serverEnd === -1 || id.slice(0, kindEnd) !== 'resource')
    return { is: (node) => node.kind !== 'resource' && node.id === id, mayHold: anywhere };
  const serverId = id.slice(kindEnd + 1, serverEnd);
  const uri = id.slice(serverEnd + 1);
  const folderPrefix = `folder${separator}${serverId}${separator}`;
  return {
    // The URI first: most nodes have none, and most others another.
    is: (node) =>
      node.resource?.uri === uri && node.serverId === serverId && node.kind === 'resource',
    mayHold: !strict
      ? anywhere
      : (node) => {
          if (node.serverId !== serverId) return false;
          if (node.kind !== 'folder') return node.kind === 'server';
          const path = node.id.startsWith(folderPrefix) ? node.id.slice(folderPrefix.length) : '';
          return uri.startsWith(path);
        },
  };
}

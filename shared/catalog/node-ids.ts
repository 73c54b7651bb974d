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

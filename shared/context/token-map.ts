/**
 * Where the budget goes, cut on the host from every included resource: one bar per server
 * split by folder, and one per folder split by resource, the largest first. A bar is a few
 * hundred pixels wide, so each is cut to {@link MAX_BLOCKS} blocks and the rest share one: a
 * frame carries a few kilobytes whatever the context holds, not an entry per resource.
 */
import type { ResourceKey } from '../catalog/resource-key';
import type { ServerId } from '../mcp-types';

/** Blocks a bar draws, and folders a server lists; the rest are summed. */
export const MAX_BLOCKS = 40;

/** What the blocks past {@link MAX_BLOCKS} add up to. */
export interface TokenRest {
  count: number;
  tokens: number;
}

/** One resource's block (its label is its URI past the folder's, or the whole URI). */
export interface TokenBlock {
  uri: string;
  tokens: number;
}

export interface TokenFolder {
  /** The URI up to its last slash (the whole URI when it has none). */
  folder: string;
  tokens: number;
  blocks: TokenBlock[];
  rest?: TokenRest;
}

export interface TokenServer {
  serverId: ServerId;
  name: string;
  tokens: number;
  folders: TokenFolder[];
  rest?: TokenRest;
}

const byTokens = <T extends { tokens: number }>(label: (item: T) => string) => (a: T, b: T) => b.tokens - a.tokens || (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0);
const blockOrder = byTokens<TokenBlock>((block) => block.uri);
const folderOrder = byTokens<TokenFolder>((folder) => folder.folder);
const serverOrder = byTokens<TokenServer>((server) => server.serverId);

/** The first {@link MAX_BLOCKS} of a sorted list, and what the others add up to. */
function cut<T extends { tokens: number }>(sorted: T[]): { shown: T[]; rest?: TokenRest } {
  if (sorted.length <= MAX_BLOCKS) return { shown: sorted };
  const others = sorted.slice(MAX_BLOCKS);
  return { shown: sorted.slice(0, MAX_BLOCKS), rest: { count: others.length, tokens: others.reduce((sum, item) => sum + item.tokens, 0) } };
}

/** A block's label: its URI past its folder's. */
export function blockLabel(folder: string, uri: string): string {
  return uri.slice(folder.length) || uri;
}

/** The token map of the included resources, each with its tokens; `names` names the servers. */
export function cutTokenMap(included: readonly ResourceKey[], tokens: (at: number) => number, names: (serverId: ServerId) => string | undefined): TokenServer[] {
  const byServer = new Map<ServerId, Map<string, TokenBlock[]>>();
  for (const [at, { serverId, uri }] of included.entries()) {
    const slash = uri.lastIndexOf('/');
    const folder = slash > 0 ? uri.slice(0, slash + 1) : uri;
    let folders = byServer.get(serverId);
    if (!folders) byServer.set(serverId, (folders = new Map()));
    let blocks = folders.get(folder);
    if (!blocks) folders.set(folder, (blocks = []));
    blocks.push({ uri, tokens: tokens(at) });
  }
  const servers: TokenServer[] = [];
  for (const [serverId, folders] of byServer) {
    const all: TokenFolder[] = [];
    for (const [folder, blocks] of folders) {
      const { shown, rest } = cut(blocks.sort(blockOrder));
      all.push({ folder, tokens: blocks.reduce((sum, block) => sum + block.tokens, 0), blocks: shown, ...(rest && { rest }) });
    }
    const { shown, rest } = cut(all.sort(folderOrder));
    servers.push({ serverId, name: names(serverId) ?? serverId, tokens: all.reduce((sum, folder) => sum + folder.tokens, 0), folders: shown, ...(rest && { rest }) });
  }
  return servers.sort(serverOrder);
}

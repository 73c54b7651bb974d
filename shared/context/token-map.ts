/**
 * Where the budget goes, cut on the host from every included resource: one bar per server
 * split by folder, and one per folder split by resource, the largest first. A bar is a few
 * hundred pixels wide, so each is cut to {@link MAX_BLOCKS} blocks and a server to
 * {@link MAX_FOLDERS} folders, the rest summed; labels are cut to {@link MAX_LABEL} characters
 * and a URI longer than {@link MAX_URI_SENT} (a server may send 65,536) is not sent. A frame
 * carries tens of kilobytes whatever the context holds, and at most about 0.6 MB a server
 * whatever a server names its resources.
 */
import type { ResourceKey } from '../catalog/resource-key';
import type { ServerId } from '../mcp-types';

/** Blocks a bar draws, and folders a server lists; the rest are summed. */
export const MAX_BLOCKS = 40;
export const MAX_FOLDERS = 20;
/** Characters of a label or folder sent; of a URI, to select its resource by a click. */
export const MAX_LABEL = 200;
export const MAX_URI_SENT = 500;

/** What the blocks past {@link MAX_BLOCKS} add up to. */
export interface TokenRest {
  count: number;
  tokens: number;
}

/**
 * One resource's block: its URI past the folder's (or the whole URI), cut; the URI itself when
 * short enough to send.
 */
export interface TokenBlock {
  label: string;
  uri?: string;
  tokens: number;
}

export interface TokenFolder {
  /** The URI up to its last slash (the whole URI when it has none), cut. */
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

const byTokens =
  <T extends { tokens: number }>(label: (item: T) => string) =>
  (a: T, b: T) =>
    b.tokens - a.tokens || (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0);
const blockOrder = byTokens<TokenBlock & { whole: string }>((block) => block.whole);
const folderOrder = byTokens<TokenFolder>((folder) => folder.folder);
const serverOrder = byTokens<TokenServer>((server) => server.serverId);

/** The first `most` of a sorted list, and what the others add up to. */
function cut<T extends { tokens: number }>(
  sorted: T[],
  most: number,
): { shown: T[]; rest?: TokenRest } {
  if (sorted.length <= most) return { shown: sorted };
  const others = sorted.slice(most);
  return {
    shown: sorted.slice(0, most),
    rest: { count: others.length, tokens: others.reduce((sum, item) => sum + item.tokens, 0) },
  };
}

const shortened = (text: string) =>
  text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;

/** The token map of the included resources, each with its tokens; `names` names the servers. */
export function cutTokenMap(
  included: readonly ResourceKey[],
  tokens: (at: number) => number,
  names: (serverId: ServerId) => string | undefined,
): TokenServer[] {
  const byServer = new Map<ServerId, Map<string, (TokenBlock & { whole: string })[]>>();
  for (const [at, { serverId, uri }] of included.entries()) {
    const slash = uri.lastIndexOf('/');
    const folder = slash > 0 ? uri.slice(0, slash + 1) : uri;
    let folders = byServer.get(serverId);
    if (!folders) byServer.set(serverId, (folders = new Map()));
    let blocks = folders.get(folder);
    if (!blocks) folders.set(folder, (blocks = []));
    blocks.push({ whole: uri, label: uri.slice(folder.length) || uri, tokens: tokens(at) });
  }
  const servers: TokenServer[] = [];
  for (const [serverId, folders] of byServer) {
    const all: TokenFolder[] = [];
    for (const [folder, blocks] of folders) {
      const { shown, rest } = cut(blocks.sort(blockOrder), MAX_BLOCKS);
      const sent = shown.map(({ whole, label, tokens: count }): TokenBlock => ({
        label: shortened(label),
        ...(whole.length <= MAX_URI_SENT && { uri: whole }),
        tokens: count,
      }));
      all.push({
        folder,
        tokens: blocks.reduce((sum, block) => sum + block.tokens, 0),
        blocks: sent,
        ...(rest && { rest }),
      });
    }
    all.sort(folderOrder);
    for (const folder of all) folder.folder = shortened(folder.folder);
    const { shown, rest } = cut(all, MAX_FOLDERS);
    servers.push({
      serverId,
      name: shortened(names(serverId) ?? serverId),
      tokens: all.reduce((sum, folder) => sum + folder.tokens, 0),
      folders: shown,
      ...(rest && { rest }),
    });
  }
  return servers.sort(serverOrder);
}

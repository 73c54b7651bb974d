/**
 * Narrows the catalog tree to a search's matches, for the tree to show while the user types.
 * One pass over the tree; nothing here looks at text, the search index did that.
 */
import { MATCH_TIERS, type CatalogNode, type NodeMatch, type SearchMatches } from './tree-types';

/**
 * Above this many matches a filtered tree keeps the catalog's order, and the tree keeps its
 * folders closed: nobody reads 100,000 rows ranked, and ranking them costs every match a score.
 */
export const RANKED_MATCHES_UP_TO = 1000;

/**
 * The tree with only the matching resources and templates and the rows above them. Counts
 * become counts of matching resources; empty branches go. Up to {@link RANKED_MATCHES_UP_TO}
 * matches, siblings are ordered by their best match (a branch by the best match inside it),
 * equal ones keeping their order in `tree`; above it, siblings go by their best tier (exact,
 * then contains, then fuzzy: "file7.md" is not lost among 3,000 fuzzy matches), and within a
 * tier keep their order in `tree`.
 */
export function filterCatalogTree(
  tree: readonly CatalogNode[],
  matches: SearchMatches,
): CatalogNode[] {
  if (matches.size > RANKED_MATCHES_UP_TO)
    return keepLevel(tree, matches, undefined).nodes as CatalogNode[];
  return filterLevel(tree, matches, []);
}

/** A match's place in a ranked level: its tier first, its score within it. */
const rankOf = (match: NodeMatch) =>
  (4 - (match.tier ?? MATCH_TIERS.contains)) * 100_000 + match.score;

/**
 * The resource ordinal of each node of a children array, -1 for any other node; made once per
 * array (a finished tree's arrays never change), so a broad query tests a folder's leaves
 * with typed-array reads and never loads a leaf node it keeps.
 */
const ordinalsByLevel = new WeakMap<readonly CatalogNode[], Int32Array>();

function resourceOrdinals(nodes: readonly CatalogNode[]): Int32Array {
  let ordinals = ordinalsByLevel.get(nodes);
  if (!ordinals) {
    ordinals = new Int32Array(nodes.length);
    for (let index = 0; index < nodes.length; index += 1) {
      const node = nodes[index] as CatalogNode;
      ordinals[index] = node.kind === 'resource' && node.ordinal !== undefined ? node.ordinal : -1;
    }
    ordinalsByLevel.set(nodes, ordinals);
  }
  return ordinals;
}

/**
 * The matching nodes of one level, in catalog order within each tier, and the best tier among
 * them. A branch whose every node matches in one tier is the very node of `tree`: a one-letter
 * query keeps nearly all of 100,000 leaves, and copying none of them is what keeps such a
 * keystroke cheap. `flags` are the resource flags (tiers) of the server this level is in, when
 * the matches have them.
 */
function keepLevel(
  nodes: readonly CatalogNode[],
  matches: SearchMatches,
  flags: Uint8Array | undefined,
): { nodes: readonly CatalogNode[]; best: number } {
  const ordinals = flags ? resourceOrdinals(nodes) : undefined;
  // Undefined while every node so far is kept as it is (then `nodes` itself is the answer);
  // from the first node dropped or changed, the copy of what is kept.
  let kept: CatalogNode[] | undefined;
  // The tier of each node kept, in order; lowest and highest seen, to know if any reordering is
  // due.
  const tiers = new Uint8Array(nodes.length);
  let count = 0;
  let best = 4;
  let worst = 0;
  for (let index = 0; index < nodes.length; index += 1) {
    const ordinal = ordinals ? (ordinals[index] as number) : -1;
    let tier: number;
    let keep: CatalogNode | undefined;
    const node = nodes[index] as CatalogNode;
    if (ordinal >= 0) {
      // An entry listed after the search (an answer shown while pages still come) matched nothing.
      tier = (flags as Uint8Array)[ordinal] ?? 0;
      keep = tier !== 0 ? node : undefined;
    } else if (node.children === undefined) {
      tier = matches.has(node) ? (matches.tierOf?.(node) ?? MATCH_TIERS.contains) : 0;
      keep = tier !== 0 ? node : undefined;
    } else {
      const inner = keepLevel(
        node.children,
        matches,
        node.kind === 'server' ? matches.resourceFlags?.(node.serverId) : flags,
      );
      tier = inner.best;
      if (inner.nodes === node.children) keep = node;
      else if (inner.nodes.length > 0) {
        let resourceCount = 0;
        for (const child of inner.nodes) resourceCount += child.resourceCount;
        keep = { ...node, children: inner.nodes as CatalogNode[], resourceCount };
      }
    }
    // Copy on the first difference only.
    if (kept === undefined && keep !== node) kept = nodes.slice(0, index) as CatalogNode[];
    if (keep === undefined) continue;
    kept?.push(keep);
    tiers[count++] = tier;
    if (tier < best) best = tier;
    if (tier > worst) worst = tier;
  }
  const level = kept ?? nodes;
  if (best === worst || level.length < 2) return { nodes: level, best };
  // Mixed tiers: the better ones first, each tier in its catalog order.
  const ordered: CatalogNode[] = [];
  for (let tier = best; tier <= worst; tier += 1)
    for (let i = 0; i < level.length; i += 1)
      if (tiers[i] === tier) ordered.push(level[i] as CatalogNode);
  return { nodes: ordered, best };
}

/**
 * Keeps the matching nodes of one level and pushes each kept node's best score onto `bests`,
 * in the same order. Parallel arrays rather than a wrapper per node: a broad query keeps
 * every one of 100,000 leaves, and this runs on each keystroke.
 */
function filterLevel(
  nodes: readonly CatalogNode[],
  matches: SearchMatches,
  bests: number[],
): CatalogNode[] {
  const kept: CatalogNode[] = [];
  const scores: number[] = [];
  for (const node of nodes) {
    if (node.children === undefined) {
      const match = matches.get(node);
      if (match) {
        kept.push(node);
        scores.push(rankOf(match));
      }
      continue;
    }
    const childScores: number[] = [];
    const children = filterLevel(node.children, matches, childScores);
    if (children.length === 0) continue;
    let best = -Infinity;
    let resourceCount = 0;
    for (let i = 0; i < children.length; i += 1) {
      best = Math.max(best, childScores[i] ?? -Infinity);
      resourceCount += (children[i] as CatalogNode).resourceCount;
    }
    kept.push({ ...node, children, resourceCount });
    scores.push(best);
  }
  const ordered = orderByScore(kept, scores);
  for (const index of ordered.indexes) bests.push(scores[index] ?? -Infinity);
  return ordered.nodes;
}

/** Highest score first; equal scores keep their order. Skips the sort when already in order. */
function orderByScore(
  nodes: CatalogNode[],
  scores: number[],
): { nodes: CatalogNode[]; indexes: number[] } {
  const indexes = nodes.map((_, i) => i);
  let inOrder = true;
  for (let i = 1; i < scores.length && inOrder; i += 1)
    inOrder = (scores[i] ?? 0) <= (scores[i - 1] ?? 0);
  if (inOrder) return { nodes, indexes };
  // Array.prototype.sort is stable (ES2019), and the index tie-break makes that explicit.
  indexes.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return { nodes: indexes.map((i) => nodes[i] as CatalogNode), indexes };
}

/**
 * Developer tool, not part of `npm run bench`: what the host spends on a search keystroke,
 * part by part, in one process without a window: the search index (shared/catalog/search-index.ts),
 * the view's filter and cut (catalog-view.ts), and the frame's JSON. Also the index's heap per
 * resource, after a forced GC. Run with --expose-gc:
 *   node --expose-gc --import tsx bench/search-cost.ts [count]
 */
import { CatalogView } from '../shared/catalog/catalog-view';
import { createSearchIndex } from '../shared/catalog/search-index';
import type { ResourceEntry, ServerId } from '../shared/mcp-types';
import { syntheticResource } from '../test/fixtures/synthetic-catalog';
import { QUERIES } from './browse';

const count = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const serverId = 's1' as ServerId;
const resources: ResourceEntry[] = [];
for (let i = 0; i < count; i += 1) {
  const { area: _area, kind: _kind, group: _group, ...listed } = syntheticResource(i);
  // Through JSON, as the host gets them: strings made by the parser, not the fixture's.
  resources.push(JSON.parse(JSON.stringify({ ...listed, serverId })) as ResourceEntry);
}
gc();
const heapBefore = process.memoryUsage().heapUsed;
const index = createSearchIndex();
let started = performance.now();
for (let at = 0; at < count; at += 5000) index.add(serverId, resources.slice(at, at + 5000), []);
const indexMs = performance.now() - started;
// Searched once, as a window would: V8 flattens joined strings on their first read.
index.search('tu');
gc();
const indexBytes = process.memoryUsage().heapUsed - heapBefore;

let searchMs = 0;
const view = new CatalogView((query) => {
  const at = performance.now();
  const matches = index.search(query);
  searchMs += performance.now() - at;
  return matches;
});
view.setSource({
  servers: [{ id: serverId, name: 'synthetic' }],
  resources: { [serverId]: resources },
  templates: { [serverId]: [] },
  listing: false,
});
view.prepare();
JSON.stringify(view.frame('v'));

const parts = { search: [] as number[], view: [] as number[], json: [] as number[] };
const totals: number[] = [];
const slowest: { query: string; searchMs: number; viewMs: number; jsonMs: number }[] = [];
let bytes = 0;
for (const query of QUERIES) {
  for (let i = 1; i <= query.length; i += 1) {
    searchMs = 0;
    started = performance.now();
    view.update({ query: query.slice(0, i) });
    const frame = view.frame('v');
    const viewMs = performance.now() - started;
    const encodeAt = performance.now();
    const text = JSON.stringify(frame);
    const jsonMs = performance.now() - encodeAt;
    bytes = Math.max(bytes, text.length);
    parts.search.push(searchMs);
    parts.view.push(viewMs - searchMs);
    parts.json.push(jsonMs);
    totals.push(viewMs + jsonMs);
    slowest.push({ query: query.slice(0, i), searchMs, viewMs: viewMs - searchMs, jsonMs });
  }
  view.update({ query: '' });
  view.frame('v');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const said = (values: number[]) =>
  `median ${percentile(values, 50).toFixed(1)} / p95 ${percentile(values, 95).toFixed(1)} / worst ${Math.max(...values).toFixed(1)} ms`;
console.log(`${count.toLocaleString('en')} resources, ${totals.length} keystrokes`);
console.log(
  `index: ${(indexBytes / count).toFixed(0)} B per resource (${(indexBytes / 2 ** 20).toFixed(1)} MB), built in ${indexMs.toFixed(0)} ms`,
);
console.log(`search:          ${said(parts.search)}`);
console.log(`filter and cut:  ${said(parts.view)}`);
console.log(`frame JSON:      ${said(parts.json)} (largest ${(bytes / 1024).toFixed(0)} KB)`);
console.log(`host, all:       ${said(totals)}`);
if (process.env.SLOWEST)
  for (const { query, searchMs, viewMs, jsonMs } of slowest
    .sort((a, b) => b.searchMs + b.viewMs + b.jsonMs - (a.searchMs + a.viewMs + a.jsonMs))
    .slice(0, Number(process.env.SLOWEST)))
    console.log(
      `  "${query}": search ${searchMs.toFixed(1)}, filter and cut ${viewMs.toFixed(1)}, JSON ${jsonMs.toFixed(1)} ms`,
    );

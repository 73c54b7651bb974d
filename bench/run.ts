/**
 * `npm run bench`: real servers, a real browser, a table of figures. Writes the table to
 * docs/BENCHMARKS.md as well as stdout. Speed is measured here, never asserted in tests.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { benchBrowse, type BrowseFigures } from './browse';
import { pageWithBareClient } from './floor';

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const fixture = ['--import', 'tsx', 'test/fixtures/synthetic-server.ts'];

const rows: { floorMs: number; browse: BrowseFigures }[] = [];
for (const count of sizes) {
  process.stderr.write(`bench: ${count.toLocaleString('en')} resources…\n`);
  const floor = await pageWithBareClient(process.execPath, [...fixture, '--count', String(count), '--page-size', '500']);
  const browse = await benchBrowse(count);
  rows.push({ floorMs: floor.ms, browse });
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const table = [
  '| resources | connected | first rows (after connect) | whole catalog in the tree | bare SDK floor | ratio to floor | search per keystroke, median / p95 (n) | renderer heap |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(({ floorMs, browse }) =>
    `| ${browse.count.toLocaleString('en')} | ${ms(browse.connectedMs)} | ${ms(browse.firstRowsMs)} (${ms(browse.firstRowsMs - browse.connectedMs)}) | ${ms(browse.allShownMs)} | ${ms(floorMs)} | ${(browse.allShownMs / floorMs).toFixed(2)}× | ${browse.searchMedianMs.toFixed(1)} / ${browse.searchP95Ms.toFixed(1)} ms (${browse.keystrokes}) | ${browse.heapMb.toFixed(0)} MB |`,
  ),
].join('\n');

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, Chromium (headless)`;
const page = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.

## Browsing a catalog
A synthetic paginated stdio server (\`test/fixtures/synthetic-server.ts\`, pages of 500, deep
paths, varied annotations), connected through the app's own connect form in browser mode,
beside one small idle server (the demo server's live changes would land mid-measurement).
- **connected**: from the click on Connect to the server shown connected: spawning it (Node
  with tsx) and the MCP handshake.
- **first rows**: from the same click to the server's first resources counted in the tree; in
  brackets, from connected to first rows.
- **whole catalog in the tree**: from the same click to every resource counted in the tree.
- **bare SDK floor**: the v2 SDK client spawning the same server and paging every
  \`resources/list\` page, showing nothing. Both include spawning the server (Node with tsx).
- **search per keystroke**: 20 queries typed one key at a time; from the input event to the
  animation frame that paints the last change to the tree or the result count (confirmed by two
  quiet frames, so the figure is frame-quantized: about 17 ms at best). Keystrokes that change
  nothing on screen are not counted.
- **renderer heap**: the page's JS heap after listing, after a forced garbage collection.

${table}
`;
// Notes on what changes did to these figures are written by hand below this heading; keep them.
const NOTES = '\n## Changes measured\n';
const file = new URL('../docs/BENCHMARKS.md', import.meta.url);
const previous = await readFile(file, 'utf8').catch(() => '');
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : '';
await writeFile(file, page + notes);
process.stdout.write(`${table}\n`);

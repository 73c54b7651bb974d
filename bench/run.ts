/**
 * `npm run bench`: real servers, a real browser, a table of figures. Writes the table to
 * docs/BENCHMARKS.md as well as stdout. Speed is measured here, never asserted in tests.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { benchBrowse, type BrowseFigures } from './browse';
import { benchContext, type ContextFigures } from './context';
import { pageWithBareClient } from './floor';

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const fixture = ['--import', 'tsx', 'test/fixtures/synthetic-server.ts'];

// This machine's timings drift from run to run (the floor alone moved from 0.8 to 1.4 s at
// 100,000 in one session), so each size is measured BENCH_RUNS times, floor and app in turn,
// and the table gives medians.
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const rows: { floorMs: number; browse: BrowseFigures; singles: string }[] = [];
for (const count of sizes) {
  const floors: number[] = [];
  const browses: BrowseFigures[] = [];
  for (let run = 1; run <= runs; run += 1) {
    process.stderr.write(`bench: ${count.toLocaleString('en')} resources, run ${run} of ${runs}…\n`);
    floors.push((await pageWithBareClient(process.execPath, [...fixture, '--count', String(count), '--page-size', '500'])).ms);
    process.stderr.write(`bench:   bare SDK floor ${Math.round(floors.at(-1) as number)} ms\n`);
    browses.push(await benchBrowse(count));
  }
  const median = (pick: (figures: BrowseFigures) => number) => percentile(browses.map(pick), 50);
  rows.push({
    singles: floors.map((floor, index) => `${Math.round(floor)} / ${Math.round((browses[index] as BrowseFigures).allShownMs)}`).join(', '),
    floorMs: percentile(floors, 50),
    browse: {
      count,
      connectedMs: median((figures) => figures.connectedMs),
      firstRowsMs: median((figures) => figures.firstRowsMs),
      allShownMs: median((figures) => figures.allShownMs),
      searchMedianMs: median((figures) => figures.searchMedianMs),
      searchP95Ms: median((figures) => figures.searchP95Ms),
      keystrokes: median((figures) => figures.keystrokes),
      heapMb: median((figures) => figures.heapMb),
    },
  });
}

// BENCH_CONTEXT=0 skips the context figures.
let context: ContextFigures | undefined;
if (process.env.BENCH_CONTEXT !== '0') {
  process.stderr.write('bench: context…\n');
  context = await benchContext();
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const table = [
  '| resources | connected | first rows (after connect) | whole catalog in the tree | bare SDK floor | ratio to floor | search per keystroke, median / p95 (n) | renderer heap |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(({ floorMs, browse }) =>
    `| ${browse.count.toLocaleString('en')} | ${ms(browse.connectedMs)} | ${ms(browse.firstRowsMs)} (${ms(browse.firstRowsMs - browse.connectedMs)}) | ${ms(browse.allShownMs)} | ${ms(floorMs)} | ${(browse.allShownMs / floorMs).toFixed(2)}× | ${browse.searchMedianMs.toFixed(1)} / ${browse.searchP95Ms.toFixed(1)} ms (${browse.keystrokes}) | ${browse.heapMb.toFixed(0)} MB |`,
  ),
  '',
  `Single runs, floor / whole catalog in ms: ${rows.map(({ browse, singles }) => `${browse.count.toLocaleString('en')}: ${singles}`).join('; ')}.`,
].join('\n');

const contextTable = context
  ? [
      '| figure | value |',
      '|---|---:|',
      `| token counting, o200k_base, 4 MB of Markdown-like text, cold | ${Math.round(context.tokensPerSecond).toLocaleString('en')} tokens/s (${context.megabytesPerSecond.toFixed(1)} MB/s) |`,
      `| re-assembly after one toggle, ${context.toggleResources.toLocaleString('en')} picked resources of 2 KB (median / worst of ${context.toggleMs.length}) | ${ms(percentile(context.toggleMs, 50))} / ${ms(Math.max(...context.toggleMs))} |`,
      `| auto-include turned on at ${context.autoOnCount.toLocaleString('en')} resources → every decision shown | ${ms(context.autoOnMs)} (${context.autoOnReads.toLocaleString('en')} reads) |`,
    ].join('\n')
  : '(not measured: BENCH_CONTEXT=0)';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, Chromium (headless)`;
const page = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.

## Browsing a catalog
A synthetic paginated stdio server (\`test/fixtures/synthetic-server.ts\`, pages of 500, deep
paths, varied annotations), connected through the app's own connect form in browser mode,
beside one small idle server (the demo server's live changes would land mid-measurement).
Every figure is the median of ${runs} ${runs === 1 ? 'run' : 'runs'}, the floor and the app measured in turn; the ratio
is the median whole-catalog time over the median floor.
- **connected**: from the click on Connect to the server shown connected: spawning it (Node
  with tsx) and the MCP handshake. All three browse times are taken in the page, from the
  click event to the animation frame that paints the state (checked after every change to the
  page rather than on every frame, which would keep the page painting 60 times a second).
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

## Curating the context
- **token counting**: gpt-tokenizer in Node, 2,000 documents never counted before.
- **re-assembly after one toggle**: in the app, 2,000 resources of about 2 KB picked and read;
  from pressing Space on one of them to the context pane showing every decision and the new
  text (the worker counts the changed text; the others' counts are remembered).
- **auto-include at 100,000**: the synthetic catalog above; from checking "Include by
  annotations" to every decision shown. It reads only what the decision takes in.

${contextTable}
`;
// Notes on what changes did to these figures are written by hand below this heading; keep them.
const NOTES = '\n## Changes measured\n';
const file = new URL('../docs/BENCHMARKS.md', import.meta.url);
const previous = await readFile(file, 'utf8').catch(() => '');
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : '';
await writeFile(file, page + notes);
process.stdout.write(`${table}\n\n${contextTable}\n`);

/**
 * The host's memory section of `npm run bench`: bench/host-memory.ts's journey at each size,
 * for a paginated catalog and for one sent in one page, and the table written from it.
 */
import { launch } from './chromium';
import { benchHostMemory, type MemoryFigures } from './host-memory';

/** The targets for the host's peak resident memory (issue 27). */
function peakTarget(figures: MemoryFigures): string {
  if (figures.count >= 1_000_000) return '≤ 400 MB';
  if (figures.count >= 100_000) return figures.onePage ? '≤ 250 MB' : '≤ 150 MB';
  return '';
}

export const MEMORY_NOTES = `\`bench/host-memory.ts\`: \`mcp-context serve\` with one small server and the inspector on
loopback; the synthetic catalog added over browser mode's socket (the paginated one above,
or the same from \`McpServer\`, in one page), listed with no window; then a window opened, the
Context tab, the focus "billing runbooks alpha" and the search "storage incident" typed key by
key, and a second window. After each step, the host's heap after a forced GC, less the heap
before the listing, over the resources: **bytes a resource**. **resident**: the process's resident set after the
search; **peak**: its high-water mark over the whole journey (VmHWM), the figure the targets
are for. The host's resident set counts its token worker (a thread with the tokenizer's
tables) and Node itself: before the listing it is given as **base**.`;

/** The journey at each of `sizes`, paginated, then at each of `onePageSizes` from McpServer. */
export async function benchMemory(
  sizes: readonly number[],
  onePageSizes: readonly number[],
): Promise<MemoryFigures[]> {
  const browser = await launch();
  const out: MemoryFigures[] = [];
  const runs = [
    ...sizes.map((count) => ({ count, onePage: false })),
    ...onePageSizes.map((count) => ({ count, onePage: true })),
  ];
  try {
    for (const { count, onePage } of runs) {
      process.stderr.write(
        `bench: memory at ${count.toLocaleString('en')}${onePage ? ' in one page' : ''}…\n`,
      );
      out.push(await benchHostMemory(browser, count, { onePage, mcpServer: onePage }));
    }
  } finally {
    await browser.close();
  }
  return out;
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;

export function memoryTable(rows: readonly MemoryFigures[]): string {
  const steps = rows[0]?.steps.map((step) => step.step) ?? [];
  return [
    `| resources | listed in | bytes a resource after: ${steps.join(' / ')} | base | resident after the search | peak | target (peak) |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((figures) => {
      const perResource = figures.steps
        .map((step) =>
          Math.round((step.heap - figures.base.heap) / figures.count).toLocaleString('en'),
        )
        .join(' / ');
      const search = figures.steps.find((step) => step.step === 'a search');
      return `| ${figures.count.toLocaleString('en')}${figures.onePage ? ' in one page' : ''} | ${Math.round(figures.listedMs).toLocaleString('en')} ms | ${perResource} | ${mb(figures.base.rss)} | ${search ? mb(search.rss) : '—'} | ${mb(figures.peakRss)} | ${peakTarget(figures)} |`;
    }),
  ].join('\n');
}

/**
 * Browsing a large catalog in browser mode, in Chromium, as a user would: connect the
 * synthetic server through the form, wait for rows, wait for the whole catalog, search.
 */
import { launch } from './chromium';
import type { CDPSession, Page } from '@playwright/test';
import { startServe } from '../e2e/serve';

export interface BrowseFigures {
  count: number;
  /** Click on Connect → the server shown connected (spawn and handshake). */
  connectedMs: number;
  /** Click on Connect → the server's first rows in the tree. */
  firstRowsMs: number;
  /** Click on Connect → every resource counted in the tree. */
  allShownMs: number;
  /** Per keystroke: input event → the tree and count updated and painted. */
  searchMedianMs: number;
  searchP95Ms: number;
  keystrokes: number;
  /**
   * Each query typed at {@link TYPING_PACE_MS} a key, not waiting for the app: the input event of
   * its last key → the frame that paints its answer. The worst, and the median, over QUERIES.
   */
  typedWorstMs: number;
  typedMedianMs: number;
  /** Renderer JS heap after listing, after a forced GC. */
  heapMb: number;
}

export const QUERIES = [
  'alpha',
  'billing guide',
  'kilo search',
  'runbook',
  'papa payments',
  'group-07',
  'decision auth',
  'echo 4',
  'storage incident',
  'notifications',
  'lima reports 9',
  'juliet',
  'analytics reference',
  'hotel 12',
  'oscar 77',
  'golf billing',
  'mike storage runbook',
  'charlie',
  'delta auth guide',
  'november 5',
];

/** A key every this many ms: a quick typist, faster than a search at 1,000,000 used to answer. */
export const TYPING_PACE_MS = 120;

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1048576;
}

/** Types `query` one key at a time; returns each keystroke's latency to a painted update. */
export async function typeAndTimeForDebug(page: Page, query: string): Promise<number[]> {
  return typeAndTime(page, query);
}

async function typeAndTime(page: Page, query: string): Promise<number[]> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Search resources"]');
    const tree = document.querySelector('[role="tree"]');
    if (!input || !tree) throw new Error('no search field or tree');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const frame = () =>
      new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
    const latencies: number[] = [];
    // An object, because the observer writes it between awaits.
    const seen = { lastMutation: 0, searched: 0 };
    const observer = new MutationObserver(() => (seen.lastMutation = performance.now()));
    // The app measures every search it runs ('catalog-search'): a keystroke whose search ran
    // and changed nothing on screen for 10 frames after is not waited for until the deadline.
    const searches = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'catalog-search'))
        seen.searched = performance.now();
    });
    searches.observe({ entryTypes: ['measure'] });
    observer.observe(tree, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const counter = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    if (counter) observer.observe(counter, { subtree: true, childList: true, characterData: true });
    for (let i = 1; i <= text.length; i += 1) {
      await frame();
      const started = performance.now();
      seen.lastMutation = 0;
      seen.searched = 0;
      setValue?.call(input, text.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Settled: the last frame that painted a change, confirmed by two frames with none
      // (the deferred tree render may land a frame or two after the count).
      let quiet = 0;
      let changedAt = 0;
      let unchangedFrames = 0;
      const deadline = started + 3000;
      while (performance.now() < deadline && quiet < 2 && unchangedFrames < 10) {
        const before = seen.lastMutation;
        const now = await frame();
        if (seen.lastMutation !== before) {
          changedAt = now;
          quiet = 0;
        } else if (changedAt > 0) {
          quiet += 1;
        } else if (seen.searched > 0) {
          unchangedFrames += 1;
        }
      }
      if (changedAt > 0) latencies.push(changedAt - started);
    }
    observer.disconnect();
    searches.disconnect();
    return latencies;
  }, query);
}

/**
 * Types `query` at `paceMs` a key without waiting for the app, then times from the input event of
 * the last key to the animation frame that paints the answer to the whole query: the frame after
 * the app's 'catalog-search' measure for it (view-sync.ts makes one when the frame answering the
 * query sent last arrives), confirmed by two quiet frames.
 */
async function typeThenTime(page: Page, query: string, paceMs: number): Promise<number> {
  return page.evaluate(
    async ({ text, pace }) => {
      const input = document.querySelector<HTMLInputElement>(
        'input[aria-label="Search resources"]',
      );
      const tree = document.querySelector('[role="tree"]');
      if (!input || !tree) throw new Error('no search field or tree');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      const frame = () =>
        new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      const seen = { lastMutation: 0, answered: 0 };
      const observer = new MutationObserver(() => (seen.lastMutation = performance.now()));
      observer.observe(tree.parentElement ?? tree, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      const counter = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      if (counter)
        observer.observe(counter, { subtree: true, childList: true, characterData: true });
      let lastKey = 0;
      const searches = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'catalog-search' && lastKey > 0 && entry.startTime >= lastKey)
            seen.answered = performance.now();
      });
      searches.observe({ entryTypes: ['measure'] });
      for (let i = 1; i <= text.length; i += 1) {
        if (i > 1) await new Promise((resolve) => setTimeout(resolve, pace));
        const now = performance.now();
        if (i === text.length) lastKey = now;
        setValue?.call(input, text.slice(0, i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      // Answered, then the last change painted and two quiet frames.
      let quiet = 0;
      let changedAt = 0;
      const deadline = lastKey + 120_000;
      while (performance.now() < deadline && (seen.answered === 0 || quiet < 2)) {
        const before = seen.lastMutation;
        const now = await frame();
        if (seen.lastMutation !== before) {
          changedAt = now;
          quiet = 0;
        } else if (seen.answered > 0) quiet += 1;
      }
      observer.disconnect();
      searches.disconnect();
      if (seen.answered === 0) return Infinity;
      return Math.max(changedAt, seen.answered) - lastKey;
    },
    { text: query, pace: paceMs },
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * How the synthetic catalog is served: 500 a page, or all in one page from the low-level Server
 * (both synthetic-server.ts), or registered with McpServer, in one page as real servers send it
 * (one-page-server.ts).
 */
export type SyntheticServing = 'paginated' | 'one-page' | 'mcp-server';

/** The node arguments that serve `count` synthetic resources. */
export function syntheticServerArgs(
  count: number,
  serving: SyntheticServing = 'paginated',
): string[] {
  const server = serving === 'mcp-server' ? 'one-page-server.ts' : 'synthetic-server.ts';
  const pages = { paginated: ['--page-size', '500'], 'one-page': ['--page-size', String(count)] };
  return [
    '--import',
    'tsx',
    `test/fixtures/${server}`,
    '--count',
    String(count),
    ...(serving === 'mcp-server' ? [] : pages[serving]),
  ];
}

/**
 * Opens the app and fills its connect form for the synthetic server; returns the form, ready to
 * submit.
 */
export async function fillSyntheticForm(
  page: Page,
  url: string,
  count: number,
  serving: SyntheticServing = 'paginated',
) {
  await page.goto(url);
  await page.getByRole('tree').waitFor();
  const form = page.getByRole('form', { name: 'Connect a server' });
  await form.getByLabel('Name').fill('synthetic');
  await form
    .getByLabel('Command')
    .fill(`"${process.execPath}" ${syntheticServerArgs(count, serving).join(' ')}`);
  return form;
}

/** Runs the browse journey against a synthetic catalog of `count` resources. */
export async function benchBrowse(
  count: number,
  /** `search: false` stops once the catalog is shown (its search figures are NaN). */
  options: { serving?: SyntheticServing; search?: boolean } = {},
): Promise<BrowseFigures> {
  const phase = (what: string) => process.stderr.write(`bench:   ${what}\n`);
  // A first server that stays still: the demo's live updates would land mid-measurement.
  const served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/legacy-server.ts',
  ]);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // A million resources take minutes to list on this machine.
    const patience = Math.max(120_000, count * 0.6);
    page.setDefaultTimeout(patience);
    // tsx compiles this file with keepNames, so functions sent to the page call __name.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const cdp = await page.context().newCDPSession(page);
    const form = await fillSyntheticForm(page, served.url, count, options.serving);
    // Timed in the page, on the page's clock: from the click event itself (not from when
    // Playwright starts its click, which first checks the button over several round trips) to
    // the animation frame that paints each state. The page is checked after each change to it,
    // not on every frame: a loop of animation frames would keep the page painting 60 times a
    // second, and that cost would land on the very figures it takes.
    await page.evaluate((total) => {
      const marks: Record<string, number> = {};
      (globalThis as unknown as { __marks: Record<string, number> }).__marks = marks;
      document.addEventListener('click', (event) => (marks.click ??= event.timeStamp), {
        capture: true,
        once: true,
      });
      const asked = new Set<string>();
      // The frame after a change is the one that paints it.
      const stamp = (name: string) => {
        if (asked.has(name)) return;
        asked.add(name);
        requestAnimationFrame((now) => (marks[name] = now));
      };
      const check = () => {
        const row = document.querySelector('[role="treeitem"][aria-label="synthetic"]');
        const text = row?.textContent ?? '';
        if (row?.querySelector('.status-connected')) stamp('connected');
        if (/[1-9]/.test(text)) stamp('firstRows');
        if (text.includes(total)) {
          stamp('allShown');
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      check();
    }, count.toLocaleString('en'));
    const reached = (mark: string) =>
      // Polled on a timer: Playwright's default, every animation frame, would keep the page
      // painting.
      page.waitForFunction(
        (name) =>
          (globalThis as unknown as { __marks: Record<string, number> }).__marks[name] !==
          undefined,
        mark,
        { timeout: patience, polling: 50 },
      );
    const since = async (mark: string) =>
      page.evaluate((name) => {
        const marks = (globalThis as unknown as { __marks: Record<string, number> }).__marks;
        return (marks[name] as number) - (marks.click as number);
      }, mark);
    phase('connecting');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await reached('connected');
    const connectedMs = await since('connected');
    await reached('firstRows');
    const firstRowsMs = await since('firstRows');
    phase(
      `connected after ${connectedMs.toFixed(0)} ms, first rows after ${firstRowsMs.toFixed(0)} ms`,
    );
    await reached('allShown');
    const allShownMs = await since('allShown');
    phase(`whole catalog after ${allShownMs.toFixed(0)} ms`);
    const heap = await heapMb(cdp);

    const latencies: number[] = [];
    const search = page.getByRole('searchbox', { name: 'Search resources' });
    for (const query of options.search === false ? [] : QUERIES) {
      latencies.push(...(await typeAndTime(page, query)));
      phase(`searched "${query}"`);
      await search.fill('');
    }
    // The same queries, typed at a quick typist's pace, each answer timed from its last key.
    const typed: number[] = [];
    for (const query of QUERIES) {
      typed.push(await typeThenTime(page, query, TYPING_PACE_MS));
      phase(`typed "${query}": answered ${typed.at(-1)?.toFixed(0)} ms after the last key`);
      await search.fill('');
    }
    return {
      count,
      connectedMs,
      firstRowsMs,
      allShownMs,
      searchMedianMs: percentile(latencies, 50),
      searchP95Ms: percentile(latencies, 95),
      keystrokes: latencies.length,
      typedWorstMs: Math.max(...typed),
      typedMedianMs: percentile(typed, 50),
      heapMb: heap,
    };
  } finally {
    await browser.close();
    await served.stop();
  }
}

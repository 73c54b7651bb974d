/**
 * The context figures of `npm run bench`: token counting throughput, re-assembly after one
 * toggle with 2,000 picked resources, and turning auto-include on at 100,000 resources.
 * Real servers, browser mode in Chromium, the app's own controls.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { createTokenCounter } from '../shared/context/tokens';
import { startServe } from '../e2e/serve';

export interface ContextFigures {
  tokensPerSecond: number;
  megabytesPerSecond: number;
  /** One pick toggled among 2,000 picked: click → every decision and the preview updated. */
  toggleMs: number[];
  toggleResources: number;
  /** Auto-include turned on at 100,000: click → every decision shown; and how many reads it took. */
  autoOnMs: number;
  autoOnReads: number;
  autoOnCount: number;
}

function launch(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return chromium.launch({ executablePath, args: [...(asRoot ? ['--no-sandbox'] : []), '--disable-background-networking', '--disable-component-update'] });
}

/** Counts a 4 MB corpus of Markdown-like text, cold (every text new to the cache). */
export function tokenThroughput(): { tokensPerSecond: number; megabytesPerSecond: number } {
  const words = ['sync', 'notebook', 'the', 'offline', 'conflict', 'resolution', 'API', 'v2', '—', 'é', '42', '`code`', 'https://lumen.example/docs', '{"key": "value"}'];
  const texts = Array.from({ length: 2000 }, (_, i) => `# Document ${i}\n\n${Array.from({ length: 330 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ')}\n`);
  const counter = createTokenCounter('o200k_base', 10);
  counter.count('warm up the tables');
  const started = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += counter.count(text);
  const seconds = (performance.now() - started) / 1000;
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  return { tokensPerSecond: tokens / seconds, megabytesPerSecond: bytes / 1e6 / seconds };
}

/** Resolves when the context pane has gone from working back to done; returns ms since `start` was called in the page. */
async function timeCuration(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const pane = document.querySelector('.context-pane');
    if (!pane) throw new Error('no context pane');
    const state = { started: 0, working: false, done: 0 };
    (globalThis as unknown as { __curation: typeof state }).__curation = state;
    new MutationObserver(() => {
      const now = pane.getAttribute('data-curation');
      if (now === 'working') state.working = true;
      if (now === 'done' && state.working && state.done === 0) state.done = performance.now();
    }).observe(pane, { attributes: true, attributeFilter: ['data-curation'] });
    state.started = performance.now();
  });
  await act();
  await page.waitForFunction(() => (globalThis as unknown as { __curation: { done: number } }).__curation.done > 0, undefined, { timeout: 300_000, polling: 50 });
  return page.evaluate(() => {
    const state = (globalThis as unknown as { __curation: { started: number; done: number } }).__curation;
    return state.done - state.started;
  });
}

async function openContextTab(page: Page, url: string, resources: string): Promise<void> {
  page.setDefaultTimeout(300_000);
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.goto(url);
  await page.getByText(`${resources} resources`, { exact: true }).waitFor();
  await page.getByRole('tab', { name: /Context/ }).click();
}

export async function benchContext(): Promise<ContextFigures> {
  const { tokensPerSecond, megabytesPerSecond } = tokenThroughput();
  const browser = await launch();
  try {
    // 2,000 resources of about 2 KB, every one picked; then one pick toggled, five times.
    const picks = await startServe(['--', process.execPath, '--import', 'tsx', 'test/fixtures/context-server.ts', '--count', '2000', '--body-bytes', '2048']);
    const toggleMs: number[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await openContextTab(page, picks.url, '2,001');
      const tree = page.getByRole('tree', { name: 'Resources' });
      const serverRow = tree.getByRole('treeitem').first();
      await timeCuration(page, async () => {
        await serverRow.click();
        await page.keyboard.press('Space');
      });
      const alpha = tree.getByRole('treeitem', { name: /ctx:\/\/notes/ });
      await alpha.click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      for (let i = 0; i < 6; i += 1) {
        // Toggle the focused resource: out, then in again, and so on.
        toggleMs.push(await timeCuration(page, () => page.keyboard.press('Space')));
      }
      // The first toggle after opening folders may share its frame with layout work; keep the rest.
      toggleMs.shift();
    } finally {
      await picks.stop();
    }

    // Auto-include on at 100,000.
    const count = 100_000;
    const big = await startServe(['--', process.execPath, '--import', 'tsx', 'test/fixtures/synthetic-server.ts', '--count', String(count), '--page-size', '500']);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await openContextTab(page, big.url, count.toLocaleString('en'));
      const autoOnMs = await timeCuration(page, () => page.getByLabel('Include automatically (by focus, annotations and size)').check());
      const reads = Number(await page.evaluate(() => document.querySelector('.context-pane')?.getAttribute('data-reads') ?? 'NaN'));
      return { tokensPerSecond, megabytesPerSecond, toggleMs, toggleResources: 2000, autoOnMs, autoOnReads: reads, autoOnCount: count };
    } finally {
      await big.stop();
    }
  } finally {
    await browser.close();
  }
}

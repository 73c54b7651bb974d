/**
 * The live figures of `npm run bench` (issue 12). The update load:
 * test/fixtures/update-load-server.ts
 * updates the 20 resources in the context 20 times a second each (400 updates/s); the page
 * notes when each new version's text shows in the preview, against the time the server sent
 * its update (the same machine's clock). Then 100 rounds of a short load: after each stops,
 * does the preview come to hold the server's last version of every resource? And what the
 * protocol trace costs the host (bench/trace-cost.ts, a process of its own).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { startServe } from '../e2e/serve';
import { launch } from './chromium';

export interface LiveFigures {
  updatesPerSecond: number;
  loadSeconds: number;
  /** Versions whose text the preview showed, of those the server sent. */
  shown: number;
  sent: number;
  latencyMs: number[];
  rounds: number;
  roundsWhole: number;
  /** After a round: from the load's stop to the preview holding every last version. */
  settleMs: number[];
  trace: {
    messages: number;
    cpuUsPerMessage: number;
    kept: { messages: number; bytes: number };
    limits: { messages: number; bytes: number };
    heapMb: number;
  };
  /**
   * The Trace panel scrolled from its first row to its last, a wheel step a frame: rows, and the
   * frames' intervals.
   */
  scroll: { rows: number; steps: number; frameMs: number[] };
}

const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 100);
const LOAD_SECONDS = 10;
const HZ = 20;

export async function benchLive(): Promise<LiveFigures> {
  const trace = await traceCost();
  const port = await freePort();
  const served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/update-load-server.ts',
    '--control-port',
    String(port),
  ]);
  const control = (path: string, method = 'POST') =>
    fetch(`http://127.0.0.1:${port}${path}`, { method }).then((response) =>
      response.json().catch(() => ({})),
    ) as Promise<{ subscribed?: number; versions?: Record<string, number> }>;
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(served.url);
    await page.getByText('20 resources', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /Context/ }).click();
    // Every resource in the context: the server's folder picked.
    await page
      .getByRole('treeitem', { name: /update-load-server/ })
      .locator('.tree-check')
      .first()
      .click();
    await page.getByLabel('Assembled context').getByText('load://r/20').waitFor();
    for (let waited = 0; (await control('/versions', 'GET')).subscribed !== 20; waited += 100) {
      if (waited > 10_000) throw new Error('the context never subscribed to the 20 resources');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await watchPreview(page);
    const before = (await control('/versions', 'GET')).versions ?? {};
    await control(`/start?hz=${HZ}`);
    await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    await control('/stop');
    const after = (await control('/versions', 'GET')).versions ?? {};
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seen = await page.evaluate(
      () => (globalThis as unknown as { __seen: { key: string; latency: number }[] }).__seen,
    );
    const sent = Object.keys(after).reduce(
      (sum, uri) => sum + (after[uri] ?? 0) - (before[uri] ?? 0),
      0,
    );

    let whole = 0;
    const settleMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await control(`/start?hz=${HZ}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await control('/stop');
      const stoppedAt = Date.now();
      const last = (await control('/versions', 'GET')).versions ?? {};
      const ok = await page
        .waitForFunction(
          (expected) => {
            const text = document.querySelector('.preview-text')?.textContent ?? '';
            return Object.entries(expected).every(([uri, version]) =>
              new RegExp(`- URI: ${uri}\\n[^]*?version ${version} sent`).test(text),
            );
          },
          last,
          { timeout: 5000, polling: 20 },
        )
        .then(() => true)
        .catch(() => false);
      if (ok) {
        whole += 1;
        settleMs.push(Date.now() - stoppedAt);
      }
    }
    const scroll = await scrollTrace(page);
    return {
      updatesPerSecond: HZ * 20,
      loadSeconds: LOAD_SECONDS,
      shown: seen.length,
      sent,
      latencyMs: seen.map((entry) => entry.latency),
      rounds: ROUNDS,
      roundsWhole: whole,
      settleMs,
      trace,
      scroll,
    };
  } finally {
    await browser.close();
    await served.stop();
  }
}

/**
 * In the page: each version of a resource, the first time the preview shows it, at the frame that
 * paints it.
 */
async function watchPreview(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = globalThis as unknown as {
      __seen: { key: string; latency: number }[];
      __known: Set<string>;
    };
    state.__seen = [];
    state.__known = new Set();
    let queued = false;
    const look = () => {
      queued = false;
      const now = performance.timeOrigin + performance.now();
      const text = document.querySelector('.preview-text')?.textContent ?? '';
      for (const match of text.matchAll(
        /- URI: (load:\/\/r\/\d+)\n[^]*?version (\d+) sent (\d+)/g,
      )) {
        const key = `${match[1]} ${match[2]}`;
        if (state.__known.has(key)) continue;
        state.__known.add(key);
        state.__seen.push({ key, latency: now - Number(match[3]) });
      }
    };
    look();
    state.__seen = [];
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(look);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Opens the Protocol trace (thousands of messages after the load) and scrolls it top to bottom,
 * timing every frame.
 */
async function scrollTrace(page: Page): Promise<LiveFigures['scroll']> {
  await page.getByRole('button', { name: 'Protocol trace' }).click();
  const list = page.getByRole('listbox', { name: 'Messages' });
  await list.getByRole('option').first().waitFor();
  await page.waitForTimeout(500);
  return page.evaluate(async () => {
    const element = document.querySelector('.trace-list') as HTMLElement;
    const rows = Math.round(element.scrollHeight / 22);
    element.scrollTop = 0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const frameMs: number[] = [];
    let steps = 0;
    let last = performance.now();
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 2 && steps < 5000) {
      element.scrollBy(0, 600);
      steps += 1;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frameMs.push(now - last);
      last = now;
    }
    return { rows, steps, frameMs };
  });
}

function traceCost(): Promise<LiveFigures['trace']> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/trace-cost.ts'],
      (error, stdout) =>
        error ? reject(error) : resolve(JSON.parse(stdout) as LiveFigures['trace']),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The context figures of `npm run bench` (issue 11): token counting throughput; re-assembly
 * after one toggle with 2,000 picked resources; auto-include turned on at 100,000 resources; a
 * focus typed key by key at 10,000 and 100,000; the renderer's heap with the context shown at
 * 100,000. Real servers, browser mode in Chromium, the app's own controls.
 *
 * How a step is timed. The host curates and sends the window `context` frames (state
 * working, then done) and, once done, a `view` frame whose rows carry the new decisions. The
 * pane shows the frame's state as `data-curation`, but not which settings the frame is for,
 * and two frames in one chunk of the event stream render once (a working frame can be missed
 * in the DOM). So the
 * bench watches the frames the page parses (a wrapper around JSON.parse, installed before the
 * app loads) and takes a step as shown at the animation frame after all of these: a `working`
 * frame for the new settings, then the `done` frame of that run, then the `view` frame after
 * it, with the pane saying done. Each step starts at its input event in the page (the
 * keydown, the click, or the input event dispatched), and waits for the one before it to
 * settle.
 */
import { launch } from './chromium';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { createTokenCounter } from '../shared/context/tokens';
import { startServe, type Served } from '../e2e/serve';

export interface FocusFigures {
  count: number;
  /** The first keystroke of the first focus typed (it may build the focus index). */
  firstMs: number;
  /** Every other keystroke. */
  restMs: number[];
  /** Every other keystroke, to its first decisions shown (StepTime.firstMs). */
  restFirstMs: number[];
  /** Where the time of the keystrokes after the first went ({@link medianParts}). */
  parts: string;
  steps: StepTime[];
  text: string[];
}

export interface ContextFigures {
  tokensPerSecond: number;
  megabytesPerSecond: number;
  /** One pick toggled among 2,000 picked: keydown → every decision and the preview shown. */
  toggleMs: number[];
  toggleResources: number;
  toggleParts: string;
  /**
   * Auto-include turned on at 100,000 (off first, as it is on by default): click → every decision
   * shown; per cycle.
   */
  autoOnMs: number[];
  autoOnReads: number[];
  autoOnCount: number;
  autoOnParts: string;
  /**
   * The first curation after the page opened at 100,000 (auto-include on by default, nothing read
   * yet): the whole catalog shown in the tree → its done frame.
   */
  firstCurationMs: number;
  firstCurationReads: number;
  focus: FocusFigures[];
  /**
   * Renderer JS heap after a forced GC, the context done at 100,000: after auto-include, and after
   * the focus typing.
   */
  heapMb: number;
  heapAfterFocusMb: number;
}

/**
 * Focus lines typed key by key, words of the synthetic catalog
 * (test/fixtures/synthetic-catalog.ts).
 */
export const FOCUS_LINES = ['billing runbooks alpha', 'storage incident kilo 12'];
export const AUTO_LABEL = 'Include automatically (by focus, annotations and size)';
const STEP_TIMEOUT_MS = 120_000;

/** Counts a 4 MB corpus of Markdown-like text, cold (every text new to the cache). */
export function tokenThroughput(): { tokensPerSecond: number; megabytesPerSecond: number } {
  const words = [
    'sync',
    'notebook',
    'the',
    'offline',
    'conflict',
    'resolution',
    'API',
    'v2',
    '—',
    'é',
    '42',
    '`code`',
    'https://lumen.example/docs',
    '{"key": "value"}',
  ];
  const texts = Array.from(
    { length: 2000 },
    (_, i) =>
      `# Document ${i}\n\n${Array.from({ length: 330 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ')}\n`,
  );
  const counter = createTokenCounter('o200k_base', 10);
  counter.count('warm up the tables');
  const started = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += counter.count(text);
  const seconds = (performance.now() - started) / 1000;
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  return { tokensPerSecond: tokens / seconds, megabytesPerSecond: bytes / 1e6 / seconds };
}

/** What the page keeps of the frames it parses (installed by {@link watchFrames}). */
interface FrameSummary {
  state: string;
  focus: string;
  auto: boolean;
  includedCount: number;
  read: number;
  used: number;
  totalPending: boolean;
  error?: string;
}
interface Step {
  match: { focus?: string; auto?: boolean };
  start: number;
  working: boolean;
  /**
   * The first context frame for the new settings (the change's own frame, sent before its call's
   * reply).
   */
  ackAt: number;
  /**
   * Page clock: the first working frame of the step, its done frame, the view frame after it, and
   * the frame that shows it.
   */
  workingAt: number;
  doneAt: number;
  viewAt: number;
  shownAt: number;
  /**
   * The first frame with the step's decisions (a focus's first, from what was read already,
   * comes as a working frame with `focusPending`; else the done frame), and the animation
   * frame after the view frame that follows it.
   */
  firstAt: number;
  firstShownAt: number;
  reads: number;
  failed: string;
}
interface Watch {
  last: FrameSummary | null;
  lastFrameAt: number;
  /** The first done frame that holds something (the first curation at load). */
  firstDone: { doneAt: number; reads: number } | null;
  step: Step | null;
  /**
   * Every done frame that ends a run: when, and what it holds (for the notes on what a run left).
   */
  dones: {
    at: number;
    read: number;
    used: number;
    includedCount: number;
    focus: string;
    auto: boolean;
  }[];
  arm(match: Step['match'], startOn: 'keydown' | 'click' | 'now'): void;
}

/**
 * Runs in the page before the app: wraps JSON.parse to see each context and view frame the
 * page takes from the event stream (one property test per parse; nothing else kept).
 */
function watchFrames(): void {
  const parse = JSON.parse;
  const watch: Watch = {
    last: null,
    lastFrameAt: 0,
    firstDone: null,
    step: null,
    dones: [],
    arm(match, startOn) {
      const step: Step = {
        match,
        start: 0,
        working: false,
        ackAt: 0,
        workingAt: 0,
        doneAt: 0,
        viewAt: 0,
        shownAt: 0,
        firstAt: 0,
        firstShownAt: 0,
        reads: 0,
        failed: '',
      };
      watch.step = step;
      if (startOn === 'now') step.start = performance.now();
      else
        document.addEventListener(startOn, (event) => (step.start ||= event.timeStamp), {
          capture: true,
          once: true,
        });
    },
  };
  (globalThis as unknown as { __frames: Watch }).__frames = watch;
  const painted = (step: Step) => {
    // The clock in the callback, not the frame's start time it is given (which may precede the view
    // frame's arrival).
    requestAnimationFrame(() => {
      // The pane shows the frame's state: wait for it, should React not have rendered yet.
      if (document.querySelector('.context-pane')?.getAttribute('data-curation') === 'done')
        step.shownAt = performance.now();
      else painted(step);
    });
  };
  JSON.parse = function benchParse(
    this: unknown,
    text: string,
    reviver?: (this: unknown, key: string, value: unknown) => unknown,
  ) {
    const value = parse.call(this, text, reviver) as {
      event?: { type?: string; frame?: Record<string, unknown> };
    } | null;
    const event = typeof value === 'object' && value !== null ? value.event : undefined;
    if (event?.type === 'context' && event.frame) {
      const frame = event.frame as {
        state: string;
        settings: { focus?: string; auto: boolean };
        includedCount: number;
        read: number;
        used: number;
        totalPending?: boolean;
        focusPending?: number;
        error?: string;
      };
      const now = performance.now();
      const summary: FrameSummary = {
        state: frame.state,
        focus: frame.settings.focus ?? '',
        auto: frame.settings.auto,
        includedCount: frame.includedCount,
        read: frame.read,
        used: frame.used,
        totalPending: frame.totalPending === true,
        ...(frame.error !== undefined && { error: frame.error }),
      };
      if (summary.state === 'done' && watch.last?.state === 'working')
        watch.dones.push({
          at: now,
          read: summary.read,
          used: summary.used,
          includedCount: summary.includedCount,
          focus: summary.focus,
          auto: summary.auto,
        });
      watch.last = summary;
      watch.lastFrameAt = now;
      if (summary.state === 'done' && summary.includedCount > 0 && !watch.firstDone)
        watch.firstDone = { doneAt: now, reads: summary.read };
      const step = watch.step;
      if (step && step.doneAt === 0) {
        const matches =
          (step.match.focus === undefined || step.match.focus === summary.focus) &&
          (step.match.auto === undefined || step.match.auto === summary.auto);
        if (matches && step.ackAt === 0) step.ackAt = now;
        if (summary.state === 'failed') step.failed = summary.error ?? 'failed';
        else if (summary.state === 'working' && matches) {
          if (!step.working) step.workingAt = now;
          else if ((frame.focusPending ?? 0) > 0 && step.firstAt === 0) step.firstAt = now;
          step.working = true;
        } else if (summary.state === 'done' && step.working && matches) {
          step.doneAt = now;
          step.firstAt ||= now;
          step.reads = summary.read;
        }
      }
    } else if (event?.type === 'view') {
      watch.lastFrameAt = performance.now();
      const step = watch.step;
      if (step && step.firstAt > 0 && step.firstShownAt === 0) {
        step.firstShownAt = -1;
        requestAnimationFrame(() => (step.firstShownAt = performance.now()));
      }
      if (step && step.doneAt > 0 && step.viewAt === 0) {
        step.viewAt = performance.now();
        painted(step);
      }
    }
    return value;
  } as typeof JSON.parse;
}

/**
 * A step's time, and its parts on the page's clock: the call (input event → the first frame
 * for the new settings, the change's own: the host says working from the moment it takes a
 * change), the run (→ the done frame of the run it started: the curation, at once for the
 * user's changes, and the frames it sends), to view (→ the view frame after it, sent with the
 * done frame) and to shown (→ the animation frame that shows it).
 */
export interface StepTime {
  ms: number;
  /** Input event → the first decisions shown (a focus's, from what was read already). */
  firstMs: number;
  reads: number;
  parts: [number, number, number, number];
  /** The page-clock times the parts are made of: start, ack, working, done, view, shown. */
  at: [number, number, number, number, number, number];
}

/** Medians of each part of some steps, for the log and the notes. */
export function medianParts(steps: readonly StepTime[]): string {
  const at = (index: number) => {
    const sorted = steps.map((step) => step.parts[index] as number).sort((a, b) => a - b);
    return (sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(0);
  };
  return `call ${at(0)}, run ${at(1)}, to view ${at(2)}, to shown ${at(3)} ms (medians)`;
}

/**
 * Arms a step, does it, and resolves with ms from its input event to every decision shown, and the
 * reads the run took.
 */
export async function timeStep(
  page: Page,
  match: Step['match'],
  startOn: 'keydown' | 'click',
  act: () => Promise<void>,
): Promise<StepTime> {
  await page.evaluate(
    ([m, on]) => (globalThis as unknown as { __frames: Watch }).__frames.arm(m, on),
    [match, startOn] as const,
  );
  await act();
  return finishStep(page);
}

export async function finishStep(page: Page): Promise<StepTime> {
  await page.waitForFunction(
    () => {
      const step = (globalThis as unknown as { __frames: Watch }).__frames.step;
      return step !== null && (step.shownAt > 0 || step.failed !== '');
    },
    undefined,
    { timeout: STEP_TIMEOUT_MS, polling: 20 },
  );
  const step = await page.evaluate(
    () => (globalThis as unknown as { __frames: Watch }).__frames.step as Step,
  );
  if (step.failed) throw new Error(`the curation failed: ${step.failed}`);
  if (step.start === 0) throw new Error('no input event seen for the step');
  await settle(page);
  return {
    ms: step.shownAt - step.start,
    firstMs: (step.firstShownAt > 0 ? step.firstShownAt : step.shownAt) - step.start,
    reads: step.reads,
    parts: [
      step.ackAt - step.start,
      step.doneAt - step.ackAt,
      step.viewAt - step.doneAt,
      step.shownAt - step.viewAt,
    ],
    at: [step.start, step.ackAt, step.workingAt, step.doneAt, step.viewAt, step.shownAt],
  };
}

/** Waits until the context is done (total counted too) and no frame came for `quietMs`. */
export async function settle(page: Page, quietMs = 250): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const watch = (globalThis as unknown as { __frames: Watch }).__frames;
      return (
        watch.last?.state === 'done' &&
        !watch.last.totalPending &&
        performance.now() - watch.lastFrameAt >= quiet
      );
    },
    quietMs,
    { timeout: STEP_TIMEOUT_MS, polling: 50 },
  );
}

/**
 * After the page opens: waits for the first curation that includes something (auto-include is on by
 * default), then for quiet.
 */
export async function settleAtLoad(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as { __frames: Watch }).__frames.firstDone !== null,
    undefined,
    { timeout: STEP_TIMEOUT_MS, polling: 50 },
  );
  await settle(page, 500);
}

/** Turns auto-include off (it is on by default) and waits for the curation without it. */
export async function autoOff(page: Page): Promise<void> {
  await page.getByLabel(AUTO_LABEL).uncheck();
  await page.waitForFunction(
    () => {
      const last = (globalThis as unknown as { __frames: Watch }).__frames.last;
      return last !== null && last.state === 'done' && !last.auto;
    },
    undefined,
    { timeout: STEP_TIMEOUT_MS, polling: 50 },
  );
  await settle(page, 500);
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1048576;
}

/**
 * Opens the app; resolves once the tree counts `resources` (stamped in the page as `__listedAt`)
 * and the Context tab is shown.
 */
export async function openContextTab(
  browser: Browser,
  url: string,
  resources: string,
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  // tsx compiles this file with keepNames, so functions sent to the page call __name.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(watchFrames);
  await page.goto(url);
  // Stamped in the page as soon as the tree counts every resource (a locator's wait polls).
  await page.evaluate((text) => {
    const mark = () => {
      const found = [...document.querySelectorAll('[role="treeitem"]')].some((row) =>
        row.textContent?.includes(text),
      );
      if (found) (globalThis as unknown as { __listedAt: number }).__listedAt ||= performance.now();
      return found;
    };
    if (!mark()) {
      const observer = new MutationObserver(() => mark() && observer.disconnect());
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }
  }, resources);
  await page.getByText(`${resources} resources`, { exact: true }).waitFor();
  await page.getByRole('tab', { name: /Context/ }).click();
  return page;
}

/**
 * Types each focus line key by key into the Focus field, each keystroke timed to every decision and
 * the preview shown.
 */
export async function typeFocus(page: Page, count: number): Promise<FocusFigures> {
  const phase = (what: string) => process.stderr.write(`bench:   ${what}\n`);
  const all: StepTime[] = [];
  const field = page.getByLabel('Focus', { exact: true });
  for (const line of FOCUS_LINES) {
    await field.focus();
    for (let i = 1; i <= line.length; i += 1) {
      const text = line.slice(0, i);
      await page.evaluate((focus) => {
        const input = document.querySelector<HTMLInputElement>('.focus-field input');
        if (!input) throw new Error('no Focus field');
        (globalThis as unknown as { __frames: Watch }).__frames.arm({ focus, auto: true }, 'now');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
          input,
          focus,
        );
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, text);
      all.push(await finishStep(page));
    }
    phase(
      `focus "${line}" at ${count.toLocaleString('en')}: ${all
        .slice(-line.length)
        .map((step) => step.ms.toFixed(0))
        .join(' ')} ms`,
    );
    // Cleared for the next line, and settled; not timed.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('.focus-field input');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForFunction(
      () => (globalThis as unknown as { __frames: Watch }).__frames.last?.focus === '',
      undefined,
      { timeout: STEP_TIMEOUT_MS, polling: 50 },
    );
    await settle(page, 500);
  }
  const first = all[0] as StepTime;
  phase(
    `  first keystroke ${first.ms.toFixed(0)} ms: ${medianParts([first])}; the others: ${medianParts(all.slice(1))}`,
  );
  return {
    count,
    firstMs: first.ms,
    restMs: all.slice(1).map((step) => step.ms),
    restFirstMs: all.slice(1).map((step) => step.firstMs),
    parts: medianParts(all.slice(1)),
    steps: all,
    text: FOCUS_LINES,
  };
}

function synthetic(count: number): Promise<Served> {
  return startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/synthetic-server.ts',
    '--count',
    String(count),
    '--page-size',
    '500',
  ]);
}

/** Starts a `serve`, runs `body` against it, and always stops it. */
async function withServe<T>(
  start: () => Promise<Served>,
  body: (served: Served) => Promise<T>,
): Promise<T> {
  const served = await start();
  try {
    return await body(served);
  } finally {
    await served.stop();
  }
}

export async function benchContext(): Promise<ContextFigures> {
  const phase = (what: string) => process.stderr.write(`bench:   ${what}\n`);
  const { tokensPerSecond, megabytesPerSecond } = tokenThroughput();
  const browser = await launch();
  try {
    // 2,000 resources of about 2 KB, auto-include off (the figure is about picks), every one
    // picked; then one pick toggled, eleven times (out, in, out, …); the first is dropped.
    const toggles = await withServe(
      () =>
        startServe([
          '--',
          process.execPath,
          '--import',
          'tsx',
          'test/fixtures/context-server.ts',
          '--count',
          '2000',
          '--body-bytes',
          '2048',
        ]),
      async (served) => {
        const page = await openContextTab(browser, served.url, '2,001');
        await settleAtLoad(page);
        await autoOff(page);
        const tree = page.getByRole('tree', { name: 'Resources' });
        await tree.getByRole('treeitem').first().click();
        await timeStep(page, {}, 'keydown', () => page.keyboard.press('Space'));
        phase('2,000 picked and read');
        await tree.getByRole('treeitem', { name: /ctx:\/\/notes/ }).click();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowDown');
        const times: StepTime[] = [];
        for (let i = 0; i < 11; i += 1)
          times.push(
            await timeStep(page, { auto: false }, 'keydown', () => page.keyboard.press('Space')),
          );
        // The first toggle after opening folders may share its frame with layout work; keep the
        // rest.
        times.shift();
        phase(
          `toggles: ${times.map((step) => step.ms.toFixed(0)).join(' ')} ms; ${medianParts(times)}`,
        );
        await page.close();
        return times;
      },
    );

    const focus: FocusFigures[] = [];
    focus.push(
      await withServe(
        () => synthetic(10_000),
        async (served) => {
          const page = await openContextTab(browser, served.url, '10,000');
          await settleAtLoad(page);
          const figures = await typeFocus(page, 10_000);
          await page.close();
          return figures;
        },
      ),
    );

    const count = 100_000;
    const big = await withServe(
      () => synthetic(count),
      async (served) => {
        const page = await openContextTab(browser, served.url, count.toLocaleString('en'));
        const cdp = await page.context().newCDPSession(page);
        // Auto-include is on by default: the first curation reads what it takes in (cold).
        await settleAtLoad(page);
        const first = await page.evaluate(() => {
          const done = (globalThis as unknown as { __frames: Watch }).__frames.firstDone;
          const listedAt = (globalThis as unknown as { __listedAt?: number }).__listedAt ?? NaN;
          return done ? { ms: done.doneAt - listedAt, reads: done.reads } : null;
        });
        if (!first) throw new Error('no first curation seen');
        phase(
          `first curation ${first.ms.toFixed(0)} ms after the whole catalog was shown, ${first.reads} reads`,
        );
        const autoOnMs: number[] = [];
        const autoOnReads: number[] = [];
        const autoOnSteps: StepTime[] = [];
        for (let cycle = 0; cycle < 3; cycle += 1) {
          await autoOff(page);
          const on = await timeStep(page, { auto: true }, 'click', () =>
            page.getByLabel(AUTO_LABEL).check(),
          );
          autoOnMs.push(on.ms);
          autoOnReads.push(on.reads);
          autoOnSteps.push(on);
          phase(`auto-include on: ${on.ms.toFixed(0)} ms, ${on.reads} reads; ${medianParts([on])}`);
        }
        const heap = await heapMb(cdp);
        phase(`heap ${heap.toFixed(1)} MB`);
        const figures = await typeFocus(page, count);
        const heapAfterFocus = await heapMb(cdp);
        await page.close();
        return {
          autoOnMs,
          autoOnReads,
          autoOnParts: medianParts(autoOnSteps),
          first,
          heap,
          heapAfterFocus,
          figures,
        };
      },
    );
    focus.push(big.figures);
    return {
      tokensPerSecond,
      megabytesPerSecond,
      toggleMs: toggles.map((step) => step.ms),
      toggleResources: 2000,
      toggleParts: medianParts(toggles),
      autoOnMs: big.autoOnMs,
      autoOnReads: big.autoOnReads,
      autoOnCount: count,
      autoOnParts: big.autoOnParts,
      firstCurationMs: big.first.ms,
      firstCurationReads: big.first.reads,
      focus,
      heapMb: big.heap,
      heapAfterFocusMb: big.heapAfterFocus,
    };
  } finally {
    await browser.close();
  }
}

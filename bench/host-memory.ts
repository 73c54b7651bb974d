/**
 * What the host keeps per resource, in browser mode, along a new user's journey: a catalog
 * listed with no window, then a window, the Context tab, a focus typed and a search typed.
 * The serve process runs with the inspector on loopback: after each step its heap is measured
 * after a forced GC (the bytes per resource are that less the heap before the listing), and
 * its resident set read from /proc. The peak is the process's high-water mark (VmHWM).
 */
import { launch } from './chromium';
import { readFileSync, createWriteStream } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { startServe, type Served } from '../e2e/serve';
import { syntheticServerArgs } from './browse';

export interface MemoryStep {
  step: string;
  /** V8 heap used after a forced GC, in bytes. */
  heap: number;
  /** Resident set, in bytes. */
  rss: number;
  /** The highest resident set sampled (every 20 ms) while the step ran, in bytes. */
  peakRss: number;
}

export interface MemoryFigures {
  count: number;
  onePage: boolean;
  /** Before the catalog is listed: the host with one small server. */
  base: MemoryStep;
  steps: MemoryStep[];
  /** The process's resident high-water mark over the whole journey, in bytes. */
  peakRss: number;
  /** Listing: Connect → every resource listed (on the host's event stream). */
  listedMs: number;
}

/** One inspector session on the serve process (Chrome DevTools Protocol over a WebSocket). */
class Inspector {
  #next = 1;
  readonly #pending = new Map<number, (result: unknown) => void>();
  readonly #socket: WebSocket;
  #chunks: ((chunk: string) => void) | undefined;
  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        method?: string;
        params?: { chunk?: string };
      };
      if (message.id !== undefined) this.#pending.get(message.id)?.(message.result);
      else if (message.method === 'HeapProfiler.addHeapSnapshotChunk')
        this.#chunks?.(message.params?.chunk ?? '');
    });
  }
  static async open(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    return new Inspector(socket);
  }
  send(method: string, params: object = {}): Promise<unknown> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#socket.send(JSON.stringify({ id, method, params }));
    });
  }
  async heapUsed(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const usage = (await this.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  }
  /** The process's own account of its memory (process.memoryUsage()). */
  async usage(): Promise<NodeJS.MemoryUsage> {
    const answer = (await this.send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
  }
  /** Writes a heap snapshot (for DevTools' Memory tab) to `path`. */
  async snapshot(path: string): Promise<void> {
    const out = createWriteStream(path);
    this.#chunks = (chunk) => out.write(chunk);
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    this.#chunks = undefined;
    await new Promise((resolve) => out.end(resolve));
  }
  close(): void {
    this.#socket.close();
  }
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The process's CPU time so far, in clock ticks (utime + stime of /proc/PID/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Resolves once the host has done its idle work (indexing, preparing rows): two tenths of a
 * second in a row in which it used at most a hundredth of a second of CPU.
 */
async function quiet(pid: number): Promise<void> {
  let calm = 0;
  let before = cpuTicks(pid);
  while (calm < 2) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuTicks(pid);
    calm = now - before <= 1 ? calm + 1 : 0;
    before = now;
  }
}

/** The inspector's address, from the line Node prints on stderr. */
async function inspectorUrl(served: Served): Promise<string> {
  for (;;) {
    const match = /Debugger listening on (ws:\/\/\S+)/.exec(served.stderr());
    if (match) return match[1] as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Calls one HostApi method over browser mode's socket, as a page would. */
async function callHost(served: Served, method: string, args: unknown[]): Promise<unknown> {
  const socket = new (
    WebSocket as unknown as new (
      url: string,
      init: { headers: Record<string, string> },
    ) => WebSocket
  )(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, {
    headers: { origin: served.origin },
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const reply = await new Promise<{ response: { ok?: unknown; error?: unknown } }>((resolve) => {
    socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))));
    socket.send(JSON.stringify({ id: 1, method, args }));
  });
  socket.close();
  return reply.response;
}

/** Resolves once the host's event stream says a catalog of `count` resources is complete. */
async function listed(served: Served, count: number): Promise<void> {
  const response = await fetch(`${served.origin}/events?token=${served.token}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const counts = new Map<string, number>();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended before the listing');
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const message = JSON.parse(line) as {
        event?: { type: string; serverId: string; status?: string; added?: number };
      };
      const event = message.event;
      if (event?.type === 'catalog-page')
        counts.set(event.serverId, (counts.get(event.serverId) ?? 0) + (event.added ?? 0));
      if (
        event?.type === 'catalog-status' &&
        event.status === 'complete' &&
        (counts.get(event.serverId) ?? 0) >= count
      ) {
        await reader.cancel();
        return;
      }
    }
  }
}

/** Resolves once the synthetic server's row counts all its resources. */
function listedInTree(page: Page, count: number): Promise<void> {
  return page
    .locator('[role="treeitem"][aria-label="synthetic"]', { hasText: count.toLocaleString('en') })
    .waitFor();
}

/** The journey at `count` resources; with `snapshotAt`, a heap snapshot after the search. */
export async function benchHostMemory(
  browser: Browser,
  count: number,
  options: {
    onePage?: boolean;
    /** With `onePage`: the page from McpServer (one-page-server.ts), not the low-level Server. */
    mcpServer?: boolean;
    snapshotTo?: string;
    snapshotsTo?: string;
  } = {},
): Promise<MemoryFigures> {
  const phase = (what: string) => process.stderr.write(`bench:   ${what}\n`);
  const served = await startServe(
    ['--', process.execPath, '--import', 'tsx', 'test/fixtures/legacy-server.ts'],
    ['--inspect=127.0.0.1:0'],
  );
  const inspector = await Inspector.open(await inspectorUrl(served));
  const steps: MemoryStep[] = [];
  // The step's own peak: VmHWM holds only the peak of the whole run.
  let stepPeak = 0;
  const sampler = setInterval(() => {
    stepPeak = Math.max(stepPeak, procStatus(served.pid, 'VmRSS'));
  }, 20);
  const measure = async (step: string): Promise<MemoryStep> => {
    await quiet(served.pid);
    const peakRss = Math.max(stepPeak, procStatus(served.pid, 'VmRSS'));
    const taken = {
      step,
      heap: await inspector.heapUsed(),
      rss: procStatus(served.pid, 'VmRSS'),
      peakRss,
    };
    // BENCH_SNAPSHOT_STEPS=listed,a window narrows --snapshots to those steps.
    const only = process.env.BENCH_SNAPSHOT_STEPS?.split(',');
    if (options.snapshotsTo && (!only || only.includes(step)))
      await inspector.snapshot(`${options.snapshotsTo}/${step}.heapsnapshot`);
    const usage = await inspector.usage();
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    phase(
      `${step}: heap total ${mb(usage.heapTotal)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)} MB`,
    );
    phase(
      `${step}: heap ${(taken.heap / 2 ** 20).toFixed(0)} MB, rss ${(taken.rss / 2 ** 20).toFixed(0)} MB, peak ${(peakRss / 2 ** 20).toFixed(0)} MB`,
    );
    stepPeak = 0;
    return taken;
  };
  let page: Page | undefined;
  let second: Page | undefined;
  try {
    // The small server's handshake first, so the base holds a connected host.
    await listed(served, 0);
    const base = await measure('base');
    const started = performance.now();
    const done = listed(served, count);
    await callHost(served, 'addServer', [
      {
        name: 'synthetic',
        transport: {
          kind: 'stdio',
          command: process.execPath,
          args: syntheticServerArgs(
            count,
            options.onePage ? (options.mcpServer ? 'mcp-server' : 'one-page') : 'paginated',
          ),
        },
      },
    ]);
    await done;
    const listedMs = performance.now() - started;
    steps.push(await measure('listed'));

    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(600_000);
    await page.goto(served.url);
    await listedInTree(page, count);
    steps.push(await measure('a window'));

    await page.getByRole('tab', { name: /Context/ }).click();
    await page.locator('[data-curation="done"]').first().waitFor();
    steps.push(await measure('the Context tab'));

    const focus = page.getByLabel('Focus', { exact: true });
    await focus.pressSequentially('billing runbooks alpha');
    await page.locator('[data-curation="done"]').first().waitFor();
    steps.push(await measure('a focus'));

    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await search.pressSequentially('storage incident');
    await page.locator('.search-count', { hasText: / of / }).waitFor();
    steps.push(await measure('a search'));
    second = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await second.goto(served.url);
    await listedInTree(second, count);
    steps.push(await measure('a second window'));
    // Before the snapshot, which takes memory of its own.
    const peakRss = procStatus(served.pid, 'VmHWM');
    if (options.snapshotTo) {
      phase(`heap snapshot to ${options.snapshotTo}`);
      await inspector.snapshot(options.snapshotTo);
    }
    return {
      count,
      onePage: options.onePage ?? false,
      base,
      steps,
      peakRss,
      listedMs,
    };
  } finally {
    clearInterval(sampler);
    await page?.close();
    await second?.close();
    inspector.close();
    await served.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 100_000);
  const snapshotIndex = process.argv.indexOf('--snapshot');
  const snapshotsIndex = process.argv.indexOf('--snapshots');
  const browser = await launch();
  try {
    const figures = await benchHostMemory(browser, count, {
      onePage: process.argv.includes('--one-page') || process.argv.includes('--mcp-server'),
      mcpServer: process.argv.includes('--mcp-server'),
      ...(snapshotIndex !== -1 && { snapshotTo: process.argv[snapshotIndex + 1] as string }),
      ...(snapshotsIndex !== -1 && { snapshotsTo: process.argv[snapshotsIndex + 1] as string }),
    });
    const perResource = (step: MemoryStep) => ((step.heap - figures.base.heap) / count).toFixed(0);
    for (const step of figures.steps)
      process.stdout.write(
        `${step.step}: ${perResource(step)} B/resource heap, rss ${(step.rss / 2 ** 20).toFixed(0)} MB\n`,
      );
    process.stdout.write(
      `peak rss ${(figures.peakRss / 2 ** 20).toFixed(0)} MB; listed in ${figures.listedMs.toFixed(0)} ms\n`,
    );
  } finally {
    await browser.close();
  }
}

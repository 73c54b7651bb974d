/**
 * Developer tool, not part of `npm run bench`: profiles the renderer while it lists a synthetic
 * catalog, and prints where the time went: CPU per process, User Timing measures, and self
 * time per function in the page.
 * Usage: tsx bench/profile-browse.ts [count]
 */
import { launch } from './chromium';
import { readdirSync, readFileSync } from 'node:fs';
import { startServe } from '../e2e/serve';
import { fillSyntheticForm, typeAndTimeForDebug } from './browse';

/** CPU seconds used so far by every process on the machine, by pid, with its command line. */
function cpuByProcess(): Map<number, { cpu: number; name: string }> {
  const out = new Map<number, { cpu: number; name: string }>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      const name =
        /--type=(\S+)/.exec(cmd)?.[1] ??
        /--utility-sub-type=(\S+)/.exec(cmd)?.[1] ??
        cmd.slice(0, 90);
      out.set(Number(pid), { cpu, name });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const count = Number(process.argv[2] ?? 100000);
// PROFILE_HOST=dir writes the serve process's CPU profile there (open it in DevTools).
// HOST_NODE_ARGS="--trace-gc ..." passes Node flags to the serve process.
const hostProfile = process.env.PROFILE_HOST;
const served = await startServe(
  ['--', process.execPath, '--import', 'tsx', 'test/fixtures/legacy-server.ts'],
  [
    ...(hostProfile
      ? ['--cpu-prof', `--cpu-prof-dir=${hostProfile}`, '--cpu-prof-interval=250']
      : []),
    ...(process.env.HOST_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({
    content: `globalThis.__name = (f) => f;
    globalThis.__measures = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) __measures.push([e.name, e.startTime, e.duration]); }).observe({ entryTypes: ['measure'] });`,
  });
  const cdp = await page.context().newCDPSession(page);
  const form = await fillSyntheticForm(page, served.url, count);
  const tracing = process.env.TRACE;
  if (tracing)
    await browser.startTracing(page, {
      path: tracing,
      categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'blink'],
    });
  // CPU=1: only the processes' CPU times, without the sampling profiler's own cost.
  const sampling = !process.env.CPU;
  if (sampling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const cpuBefore = cpuByProcess();
  const t0 = await page.evaluate(() => performance.now());
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForFunction(
    (n) =>
      (
        document.querySelector('[role="treeitem"][aria-label="synthetic"]')?.textContent ?? ''
      ).includes(n),
    count.toLocaleString('en'),
    { polling: 50, timeout: 120_000 },
  );
  let t1 = await page.evaluate(() => performance.now());
  const cpuAfter = cpuByProcess();
  // SEARCH="q1,q2": profile typing those queries instead of the listing.
  if (process.env.SEARCH) {
    if (sampling) await cdp.send('Profiler.stop');
    await page.waitForTimeout(1500);
    if (sampling) await cdp.send('Profiler.start');
    for (const query of process.env.SEARCH.split(',')) {
      const latencies = await typeAndTimeForDebug(page, query);
      console.log(`search "${query}": ${latencies.map((ms) => ms.toFixed(0)).join(' ')}`);
      await page.getByRole('searchbox', { name: 'Search resources' }).fill('');
      await page.waitForTimeout(300);
    }
    t1 = await page.evaluate(() => performance.now());
  }
  const { profile } = sampling
    ? await cdp.send('Profiler.stop')
    : { profile: { nodes: [], samples: [] as number[], timeDeltas: [] as number[] } };
  if (tracing) await browser.stopTracing();
  const measures = await page.evaluate(
    () => (globalThis as unknown as { __measures: [string, number, number][] }).__measures,
  );
  console.log(`whole catalog after ${(t1 - t0).toFixed(0)} ms (page clock)`);
  for (const [pid, { cpu, name }] of cpuAfter) {
    const used = cpu - (cpuBefore.get(pid)?.cpu ?? 0);
    if (used >= 0.05) console.log(`cpu ${used.toFixed(2)} s  pid ${pid} ${name}`);
  }
  const byName = new Map<string, { n: number; total: number; max: number }>();
  for (const [name, start, duration] of measures) {
    if (start < t0) continue;
    const entry = byName.get(name) ?? { n: 0, total: 0, max: 0 };
    entry.n += 1;
    entry.total += duration;
    entry.max = Math.max(entry.max, duration);
    byName.set(name, entry);
  }
  if (process.env.MEASURES)
    for (const [name, start, duration] of measures)
      if (start >= t0)
        console.log(`  ${name} at +${(start - t0).toFixed(0)}: ${duration.toFixed(1)} ms`);
  for (const [name, e] of byName)
    console.log(`measure ${name}: n=${e.n} total=${e.total.toFixed(0)} max=${e.max.toFixed(0)}`);
  // Self time per function.
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1)
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i] ?? 0));
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  const total = [...byFn.values()].reduce((a, b) => a + b, 0);
  console.log(`profile total ${total.toFixed(0)} ms`);
  for (const [key, ms] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 35))
    console.log(`${ms.toFixed(0).padStart(6)} ms  ${key}`);
} finally {
  await browser.close();
  await served.stop();
  process.exit(0);
}

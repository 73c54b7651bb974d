/**
 * Developer tool, not part of `npm run bench`: where the time of a context step goes, on the
 * `serve` host (its CPU profile, every thread) and in the page (the sampling profiler), only
 * over the steps themselves. Usage:
 *   tsx bench/profile-context.ts focus [count]   the bench's focus lines typed key by key
 * (synthetic catalog)
 *   tsx bench/profile-context.ts auto [count]    auto-include off, then on, three times
 *   tsx bench/profile-context.ts toggle          one pick toggled among 2,000 picked
 * HOST_NODE_ARGS="..." passes more Node flags to the serve process. TOP=n sets the rows.
 * PAGE_PROFILE=file also writes the page's raw CPU profile there (for an inclusive view).
 */
import { launch } from './chromium';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startServe } from '../e2e/serve';
import {
  AUTO_LABEL,
  autoOff,
  medianParts,
  openContextTab,
  settleAtLoad,
  timeStep,
  typeFocus,
  type StepTime,
} from './context';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const mode = process.argv[2] ?? 'focus';
const count = Number(process.argv[3] ?? 100_000);
const top = Number(process.env.TOP ?? 25);
const dir = mkdtempSync(join(tmpdir(), 'mcp-context-profile-'));
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// The page's bundle is minified: its frames are named from the build's source map.
const maps = new Map<string, SourceMapConsumer | null>();
function original(url: string, line: number, column: number): string | undefined {
  const file = /\/assets\/([\w.-]+\.js)$/.exec(url)?.[1];
  if (!file) return undefined;
  if (!maps.has(file)) {
    try {
      maps.set(
        file,
        new SourceMapConsumer(JSON.parse(readFileSync(`out/renderer/assets/${file}.map`, 'utf8'))),
      );
    } catch {
      maps.set(file, null);
    }
  }
  const at = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  if (!at?.source) return undefined;
  return `${at.name ?? '(anonymous)'} ${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}`;
}

/**
 * Self time per function within the spans (µs of the monotonic clock, which V8's sample times are
 * on too).
 */
function selfTimes(
  profile: CpuProfile,
  spans: readonly (readonly [number, number])[],
): Map<string, number> {
  const byNode = new Map<number, string>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    byNode.set(
      node.id,
      original(f.url, f.lineNumber, f.columnNumber) ??
        `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`,
    );
  }
  const out = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    if (!spans.some(([from, to]) => at >= from && at <= to)) continue;
    const key = byNode.get(profile.samples[i] as number) ?? '?';
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  return out;
}

function print(title: string, times: Map<string, number>): void {
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  const idle = (times.get('(idle) :0') ?? 0) + (times.get('(program) :0') ?? 0);
  console.log(
    `\n${title}: ${total.toFixed(0)} ms sampled, of which (idle)+(program) ${idle.toFixed(0)} ms`,
  );
  for (const [key, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
}

const fixture =
  mode === 'toggle'
    ? ['test/fixtures/context-server.ts', '--count', '2000', '--body-bytes', '2048']
    : ['test/fixtures/synthetic-server.ts', '--count', String(count), '--page-size', '500'];
const served = await startServe(
  ['--', process.execPath, '--import', 'tsx', ...fixture],
  [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    '--cpu-prof-interval=200',
    ...(process.env.HOST_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
);
const browser = await launch();
const span = { from: 0, to: 0 };
let offsetUs = 0;
let best = Infinity;
const steps: StepTime[] = [];
let pageProfile: CpuProfile | undefined;
try {
  const page: Page = await openContextTab(
    browser,
    served.url,
    mode === 'toggle' ? '2,001' : count.toLocaleString('en'),
  );
  const cdp = await page.context().newCDPSession(page);
  await settleAtLoad(page);
  // The page's clock on the monotonic one: the tightest of a few round trips.
  for (let i = 0; i < 10; i += 1) {
    const before = nowUs();
    const pageMs = await page.evaluate(() => performance.now());
    const after = nowUs();
    if (after - before < best) {
      best = after - before;
      offsetUs = (before + after) / 2 - pageMs * 1000;
    }
  }
  if (mode === 'toggle') {
    await autoOff(page);
    const tree = page.getByRole('tree', { name: 'Resources' });
    await tree.getByRole('treeitem').first().click();
    await timeStep(page, {}, 'keydown', () => page.keyboard.press('Space'));
    await tree.getByRole('treeitem', { name: /ctx:\/\/notes/ }).click();
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown'])
      await page.keyboard.press(key);
    await timeStep(page, { auto: false }, 'keydown', () => page.keyboard.press('Space'));
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  span.from = nowUs();
  if (mode === 'focus') {
    const figures = await typeFocus(page, count);
    steps.push(...figures.steps.slice(1));
    console.log(
      `focus at ${count}: first ${figures.firstMs.toFixed(0)} ms; others ${figures.parts}`,
    );
  } else if (mode === 'auto') {
    for (let cycle = 0; cycle < 3; cycle += 1) {
      await autoOff(page);
      steps.push(
        await timeStep(page, { auto: true }, 'click', () => page.getByLabel(AUTO_LABEL).check()),
      );
    }
  } else {
    for (let i = 0; i < 10; i += 1)
      steps.push(
        await timeStep(page, { auto: false }, 'keydown', () => page.keyboard.press('Space')),
      );
  }
  span.to = nowUs();
  if (mode !== 'focus')
    console.log(
      `${mode}: ${steps.map((step) => step.ms.toFixed(0)).join(' ')} ms; ${medianParts(steps)}`,
    );
  pageProfile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
  if (process.env.PAGE_PROFILE)
    writeFileSync(process.env.PAGE_PROFILE, JSON.stringify(pageProfile));
} finally {
  await browser.close();
  await served.stop();
}
console.log(`profiled ${((span.to - span.from) / 1000).toFixed(0)} ms of steps`);
// The page's profile is on the page's own clock: take all of it (it ran only over the steps).
if (pageProfile)
  print('page (renderer main thread)', selfTimes(pageProfile, [[-Infinity, Infinity]]));
// On the host, each part of the steps apart (the focus's first keystroke left out): the call,
// the run, and the view frame after it.
const part = (from: number, to: number) =>
  steps.map(
    (step) =>
      [
        offsetUs + (step.at[from] as number) * 1000,
        offsetUs + (step.at[to] as number) * 1000,
      ] as const,
  );
console.log(`(page clock on the monotonic clock within ${(best / 1000).toFixed(1)} ms)`);
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  print(`host ${file}, all of the steps`, selfTimes(profile, [[span.from, span.to]]));
  print(`host ${file}, input → the change's frame`, selfTimes(profile, part(0, 1)));
  print(`host ${file}, the change's frame → done (the run)`, selfTimes(profile, part(1, 3)));
  print(`host ${file}, done → view frame`, selfTimes(profile, part(3, 4)));
}
rmSync(dir, { recursive: true, force: true });

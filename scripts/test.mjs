#!/usr/bin/env node
// `npm test`: every check in turn, each one's output as it comes, whatever failed before it
// (only the integration and end-to-end tests wait on the build, since they run what it made);
// then a summary, one line a step, and the tests counted across Vitest and Playwright. Exits 1
// when any step failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'mcp-context-test-'));
const vitestReport = (name) => join(reports, `vitest-${name}.json`);
const playwrightReport = join(reports, 'playwright.json');
const env = {
  ...process.env,
  // As npm run gives it, for a run as `node scripts/test.mjs` too.
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
};

/** `npm run lint`, one part at a time: a formatting slip does not hide what the linters say. */
function lintParts() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return scripts.lint.split('&&').map((part) => part.trim());
}

const vitest = (project) =>
  `vitest run --project ${project} --reporter=default --reporter=json --outputFile.json=${JSON.stringify(vitestReport(project))}`;

const steps = [
  { name: 'lint', commands: lintParts() },
  { name: 'typecheck', commands: ['tsc -b'] },
  { name: 'build', commands: ['node scripts/build.mjs'] },
  { name: 'unit tests', commands: [vitest('unit')], count: () => countVitest('unit') },
  {
    name: 'integration tests',
    commands: [vitest('integration')],
    needsBuild: true,
    count: () => countVitest('integration'),
  },
  {
    name: 'end-to-end tests',
    commands: ['playwright test --reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    needsBuild: true,
    count: countPlaywright,
  },
];

/** Runs one command line through the shell, its output streamed; resolves with how it ended. */
function run(command, extraEnv = {}) {
  return new Promise((done) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: 'inherit',
      env: { ...env, ...extraEnv },
    });
    child.on('error', (error) => {
      console.error(`test: could not run ${command}: ${error.message}`);
      done({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => done({ code, signal }));
  });
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report: a file that could not run at all counts as one failed test. */
function countVitest(project) {
  const report = readJson(vitestReport(project));
  if (!report) return undefined;
  const unrun = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + unrun,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON report: an error outside any test (a spec that does not load) counts as one. */
function countPlaywright() {
  const report = readJson(playwrightReport);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return {
    passed: expected + flaky,
    failed: unexpected + (report.errors?.length ?? 0),
    skipped,
  };
}

const duration = (ms) => {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
};

const results = [];
let buildFailed = false;
let interrupted = false;
const began = Date.now();
// Ctrl+C reaches the step running too: it stops, and the summary says what ran.
process.on('SIGINT', () => (interrupted = true));

for (const step of steps) {
  if (interrupted) {
    results.push({ step, state: 'skipped', why: 'interrupted' });
    continue;
  }
  if (step.needsBuild && buildFailed) {
    results.push({ step, state: 'skipped', why: 'the build failed' });
    continue;
  }
  console.log(`\n── ${step.name} ${'─'.repeat(Math.max(3, 70 - step.name.length))}`);
  const started = Date.now();
  let failed = false;
  for (const command of step.commands) {
    console.log(`$ ${command}`);
    const { code, signal } = await run(command, step.env);
    if (signal === 'SIGINT' || code === 130) interrupted = true;
    if (code !== 0) failed = true;
    if (interrupted) break;
  }
  const tests = step.count?.();
  const result = { step, state: failed ? 'failed' : 'passed', ms: Date.now() - started, tests };
  // A run that failed before writing its report: its tests are not counted, and it says so.
  if (step.count && !tests) result.why = 'no report of its tests';
  results.push(result);
  console.log(`test: ${step.name} ${result.state} in ${duration(result.ms)}`);
  if (step.name === 'build' && failed) {
    buildFailed = true;
    console.log(
      'test: the build failed, so the integration and end-to-end tests are skipped (they run what it builds)',
    );
  }
}
rmSync(reports, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const width = Math.max(...steps.map((step) => step.name.length));
console.log(`\n── summary (${duration(Date.now() - began)}) ${'─'.repeat(50)}`);
for (const { step, state, ms, tests, why } of results) {
  const counted = tests
    ? `${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}`
    : '';
  for (const key of Object.keys(totals)) totals[key] += tests?.[key] ?? 0;
  console.log(
    [
      `  ${step.name.padEnd(width)}`,
      state.padEnd(7),
      (ms === undefined ? '' : duration(ms)).padStart(10),
      counted && ` ${counted}`,
      why && ` (${why})`,
    ]
      .filter(Boolean)
      .join(' ')
      .trimEnd(),
  );
}
const failedSteps = results.filter((result) => result.state === 'failed');
const skippedSteps = results.filter((result) => result.state === 'skipped');
// The closing line never reads as green while a step failed: a failed step is named, counted
// tests or not (lint, the typecheck and the build count none).
const stepsSaid = [
  failedSteps.length && `failed: ${failedSteps.map((result) => result.step.name).join(', ')}`,
  skippedSteps.length && `not run: ${skippedSteps.map((result) => result.step.name).join(', ')}`,
].filter(Boolean);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}` +
    (stepsSaid.length ? `; ${stepsSaid.join('; ')}` : ''),
);
const anyFailed = failedSteps.length > 0;
process.exit(interrupted ? 130 : anyFailed ? 1 : 0);

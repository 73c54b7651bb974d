#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance suite's client scenarios against the
// mcp-context CLI (through scripts/conformance-client.mjs), for both requirement sets the suite
// ships, 2025-11-25 and 2026-07-28, each scenario run at its set's wire version. One scenario at
// a time, each with sign-ins of its own. Prints a table (scenario, whether it applies, the
// outcome) and a summary per set; exits 1 when a scenario that applies and is scored fails.
//
// A scenario passes as the suite says it does for one scenario: no check failed or warned (a
// SHOULD it leaves out is a warning), the client did not time out, and it exited 0 unless the
// scenario expects it to refuse. Scenarios the suite runs but does not score (extensions) are
// run where they apply and shown apart; they never change the exit status.
//
//   node scripts/conformance.mjs [--requirements 2026-07-28] [--scenario auth/…] [--all] [--verbose]
//
// --all runs the scenarios that do not apply too, to see what they do; --verbose prints the
// suite's whole report for each scenario that fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const suiteDir = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
const REVISIONS = ['2025-11-25', '2026-07-28'];

/**
 * Scenarios that do not apply to this client, and why. The CLI connects, lists and reads
 * resources (what reaches a model's context); it never calls tools, lists them, or answers a
 * server's requests, by design.
 */
const NOT_APPLICABLE = {
  tools_call: 'calls a tool; the CLI never calls tools',
  'elicitation-sep1034-client-defaults':
    'answers an elicitation during a tool call; the CLI calls no tools and declares no elicitation',
  'sse-retry': "resumes a tool call's response stream; the CLI never calls tools",
  'sep-2322-client-request-state': 'retries a tool call with its request state; no tool calls',
  'http-custom-headers': "mirrors a tool's parameters into headers on tools/call; no tool calls",
  'http-invalid-tool-headers':
    'drops tools with invalid header annotations; the CLI lists no tools',
  'json-schema-ref-no-deref': "a $ref in a tool's inputSchema; the CLI lists no tools",
  'json-schema-2020-12-preservation': "echoes a tool's inputSchema through tools/call; no tools",
  'auth/scope-step-up':
    'its 403 insufficient_scope comes only on tools/call, which the CLI never sends; the step-up ' +
    "is tested against the project's own fixture (a 403 on resources/read)",
  'auth/client-credentials-jwt':
    'private_key_jwt client authentication, which the CLI does not offer',
  'auth/enterprise-managed-authorization':
    'enterprise-managed authorization (an extension) is not offered',
  'auth/wif-jwt-bearer': 'the JWT bearer grant (an extension) is not offered',
  'auth/dpop': 'DPoP-bound tokens (an extension) are not offered',
  'auth/dpop-nonce': 'DPoP-bound tokens (an extension) are not offered',
};

function options(argv) {
  const wanted = { revisions: REVISIONS, scenario: undefined, all: false, verbose: false };
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at];
    if (arg === '--requirements') wanted.revisions = [argv[(at += 1)]];
    else if (arg === '--scenario') wanted.scenario = argv[(at += 1)];
    else if (arg === '--all') wanted.all = true;
    else if (arg === '--verbose') wanted.verbose = true;
    else throw new Error(`unknown option ${arg}`);
  }
  for (const revision of wanted.revisions)
    if (!REVISIONS.includes(revision))
      throw new Error(`--requirements takes ${REVISIONS.join(' or ')}`);
  return wanted;
}

/**
 * The client scenarios a requirement set names: the scored ones (its `client:` list) and those
 * it runs without scoring, with the reason. The suite's YAML is read line by line: two lists.
 */
function requirements(revision) {
  const text = readFileSync(join(suiteDir, 'requirements', `${revision}.yaml`), 'utf8');
  const scored = [];
  const notScored = [];
  let section;
  let entry;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line) && !line.startsWith('#')) section = line.replace(/:.*$/, '');
    const item = /^ {2}- (\S+)$/.exec(line)?.[1];
    if (section === 'client' && item) scored.push(item);
    if (section !== 'not_scored') continue;
    const scenario = /^ {2}- scenario: (\S+)/.exec(line)?.[1];
    if (scenario) notScored.push((entry = { scenario, leg: '', reason: '' }));
    const field = /^ {4}(leg|reason): (\S+)/.exec(line);
    if (field && entry) entry[field[1]] = field[2];
  }
  if (scored.length === 0) throw new Error(`no client scenarios found in ${revision}.yaml`);
  return {
    scored,
    notScored: notScored.filter((one) => one.leg === 'client'),
  };
}

/**
 * Runs one scenario through the suite, in a folder of its own (its results, its sign-ins);
 * resolves with its outcome and the checks that did not pass.
 */
function runScenario(scenario, revision, verbose) {
  const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  const client = /\s/.test(process.execPath) ? 'node' : process.execPath;
  const args = [
    join(suiteDir, 'dist', 'index.js'),
    'client',
    '--command',
    `${client} ${join(root, 'scripts', 'conformance-client.mjs')}`,
    '--scenario',
    scenario,
    '--spec-version',
    revision,
    '--force',
    '--output-dir',
    results,
  ];
  const env = { ...process.env, MCP_CONTEXT_SIGN_INS: join(results, 'sign-ins.json') };
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      // The suite names the folder after the scenario (auth/… is a folder of its own).
      const found = readdirSync(results, { recursive: true }).find((one) =>
        String(one).endsWith('checks.json'),
      );
      let checks;
      try {
        checks = found ? JSON.parse(readFileSync(join(results, String(found)), 'utf8')) : [];
      } catch (error) {
        // Written part way (the suite was stopped): said as the scenario's failure, never a crash.
        done({
          passed: false,
          why: [`its checks.json could not be read: ${error.message}`],
          output,
        });
        return;
      }
      const missed = checks.filter((one) => one.status === 'FAILURE' || one.status === 'WARNING');
      const why = missed.map((one) => `${one.status === 'FAILURE' ? '✗' : '!'} ${one.id}`);
      if (code !== 0 && missed.length === 0)
        why.push(/timed out/i.test(output) ? 'the client timed out' : 'the client exited non-zero');
      // The suite's report of a failure is kept for --verbose (it names the folder); else nothing.
      if (code === 0 || !verbose) rmSync(results, { recursive: true, force: true });
      done({ passed: code === 0, why, output });
    });
  });
}

const pad = (text, width) => text.padEnd(width);

async function main() {
  const wanted = options(process.argv.slice(2));
  let failed = false;
  const summaries = [];
  for (const revision of wanted.revisions) {
    const { scored, notScored } = requirements(revision);
    const rows = [
      ...scored.map((scenario) => ({ scenario, scored: true })),
      ...notScored.map(({ scenario, reason }) => ({ scenario, scored: false, reason })),
    ].filter((row) => !wanted.scenario || row.scenario === wanted.scenario);
    console.log(`\nRequirement set ${revision} (client scenarios, at the ${revision} wire)\n`);
    const labelOf = (row) =>
      row.scored ? row.scenario : `${row.scenario} (not scored: ${row.reason})`;
    const width = Math.max(...rows.map((row) => labelOf(row).length)) + 2;
    console.log(`${pad('scenario', width)}${pad('applies', 9)}result`);
    const tally = { scored: 0, applies: 0, passed: 0, authApplies: 0, authPassed: 0 };
    for (const row of rows) {
      const skip = NOT_APPLICABLE[row.scenario];
      const auth = row.scenario.startsWith('auth/');
      const label = labelOf(row);
      if (row.scored) tally.scored += 1;
      if (skip && !wanted.all) {
        console.log(`${pad(label, width)}${pad('no', 9)}— ${skip}`);
        continue;
      }
      const outcome = await runScenario(row.scenario, revision, wanted.verbose);
      const result = outcome.passed ? 'pass' : `FAIL  ${outcome.why.join(', ')}`;
      console.log(`${pad(label, width)}${pad(skip ? 'no' : 'yes', 9)}${result}`);
      if (!outcome.passed && wanted.verbose) console.log(outcome.output);
      if (skip || !row.scored) continue;
      tally.applies += 1;
      if (auth) tally.authApplies += 1;
      if (outcome.passed) tally.passed += 1;
      if (outcome.passed && auth) tally.authPassed += 1;
      if (!outcome.passed) failed = true;
    }
    const authScored = rows.filter((row) => row.scored && row.scenario.startsWith('auth/')).length;
    summaries.push(
      `${revision}: ${tally.passed} of ${tally.applies} scored scenarios that apply pass ` +
        `(${tally.scored - tally.applies} of ${tally.scored} do not apply); authorization: ` +
        `${tally.authPassed} of ${tally.authApplies} that apply (of ${authScored})`,
    );
  }
  console.log(`\nSummary\n${summaries.map((line) => `  ${line}`).join('\n')}`);
  return failed ? 1 : 0;
}

process.exitCode = await main().catch((error) => {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
});

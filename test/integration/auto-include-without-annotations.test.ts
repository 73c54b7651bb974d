/**
 * Auto-include on real catalogs that set no annotations at all: the built CLI, as a user runs
 * it, against server-everything (the current release and 2025.9.25, both third-party, 1.x SDK)
 * and our knowledge-base fixture (v2 SDK). None states a priority, audience or lastModified.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Report {
  budget: number;
  used: number;
  text: string;
  decisions: { uri: string; decision: string; included: boolean; reason: string; rank?: number }[];
}

const servers = {
  everything: [
    '--',
    process.execPath,
    'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    'stdio',
  ],
  everything2025: [
    '--',
    process.execPath,
    'node_modules/server-everything-2025/dist/index.js',
    'stdio',
  ],
  knowledgeBase: [
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/knowledge-base-server.ts',
  ],
};

function assemble(...args: string[]): Promise<Report> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['bin/mcp-context.mjs', 'assemble', '--json', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`assemble failed (${error.code}): ${stderr}`));
        else resolve(JSON.parse(stdout) as Report);
      },
    );
  });
}

/** The included URIs in the order of the context (rank order: no pins here). */
function contextOrder(report: Report): string[] {
  return [...report.text.matchAll(/^- URI: (.+)$/gm)].map((match) => match[1] as string);
}

function expectUsefulContext(report: Report) {
  const included = report.decisions.filter((decision) => decision.included);
  expect(included.length).toBeGreaterThan(0);
  expect(report.used).toBeLessThanOrEqual(report.budget);
  expect(contextOrder(report)).toHaveLength(included.length);
  // Nothing was left out for a missing priority.
  expect(report.decisions.filter((decision) => decision.decision === 'below-threshold')).toEqual(
    [],
  );
}

describe('auto-include on servers that set no annotations', () => {
  it('server-everything (current): the defaults fill the budget, and a focus puts the startup guide first', async () => {
    const plain = await assemble(...servers.everything);
    expectUsefulContext(plain);
    // Its 7 documents fit in the default 8,000 tokens: all of them go in.
    expect(plain.decisions.filter((decision) => decision.included)).toHaveLength(7);

    const focused = await assemble(
      '--budget',
      '1500',
      '--focus',
      'how the server starts up',
      ...servers.everything,
    );
    expectUsefulContext(focused);
    expect(contextOrder(focused)[0]).toBe('demo://resource/static/document/startup.md');
    expect(
      focused.decisions.find((decision) => decision.uri.endsWith('/startup.md'))?.reason,
    ).toMatch(/^rank 1 of 7: focus matched "[^"]*starts[^"]*" in the name/);
  });

  it('server-everything 2025.9.25: 100 resources, half of them binary; a small budget still gets text, and a focus finds one', async () => {
    const plain = await assemble('--budget', '300', ...servers.everything2025);
    expectUsefulContext(plain);
    // Binary blobs are left out of the text context: what went in is the plaintext half.
    expect(contextOrder(plain).every((uri) => Number(uri.split('/').pop()) % 2 === 1)).toBe(true);

    const focused = await assemble(
      '--budget',
      '300',
      '--focus',
      'resource 41',
      ...servers.everything2025,
    );
    expectUsefulContext(focused);
    expect(contextOrder(focused)[0]).toBe('test://static/resource/41');
  });

  it('the knowledge base: a focus brings the right runbook and the secrets guide to the top, and says why', async () => {
    const plain = await assemble(...servers.knowledgeBase);
    expectUsefulContext(plain);
    expect(plain.decisions.filter((decision) => decision.included).length).toBeGreaterThanOrEqual(
      15,
    );

    const focused = await assemble(
      '--budget',
      '1000',
      '--focus',
      'rotate the database credentials',
      ...servers.knowledgeBase,
    );
    expectUsefulContext(focused);
    const order = contextOrder(focused);
    expect(order[0]).toBe('kb://team/runbooks/rotate-database-credentials.md');
    expect(order.slice(0, 5)).toContain('kb://team/security/secrets-management.md');
    const top = focused.decisions.find((decision) => decision.uri === order[0]);
    expect(top?.reason).toMatch(
      /^rank 1 of 20: focus matched "rotate database credentials" in the title, the name, the URI and the content; no priority set; [\d,]+ tokens; [\d,]+ of 1,000 used$/,
    );
    // A budget too small for the rest never empties the context: the best one still goes in.
    const tight = await assemble(
      '--budget',
      '250',
      '--focus',
      'rotate the database credentials',
      ...servers.knowledgeBase,
    );
    expect(contextOrder(tight)).toEqual(['kb://team/runbooks/rotate-database-credentials.md']);
  });

  it('gives the same bytes on every run', async () => {
    const [first, second] = await Promise.all([
      assemble('--budget', '1200', '--focus', 'release to production', ...servers.knowledgeBase),
      assemble('--budget', '1200', '--focus', 'release to production', ...servers.knowledgeBase),
    ]);
    expect(second.text).toBe(first.text);
    expect(contextOrder(first)[0]).toBe('kb://team/guides/release-process.md');
  });
});

/**
 * A capture edited after it was taken, as someone might to make a replay say what it never said:
 * one resource's text changed in the file, its hash kept. Every face that reads a capture refuses
 * it, naming the resource: `assemble --from` and `diff` (exit 2, a file they cannot use), and a
 * window's Open capture… (the host). The built CLI against the knowledge-base fixture over stdio.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capture } from '../../shared/capture/capture-format';
import type { Host } from '../../electron/host/host';
import { runCli, startHost } from './harness';

const cli = runCli;

let dir: string;
let original: string;
let edited: string;
/** The resource edited, as the refusal names it. */
let named: string;
let host: Host | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-capture-edited-'));
  original = join(dir, 'original.json');
  const kb = ['--', process.execPath, '--import', 'tsx', 'test/fixtures/knowledge-base-server.ts'];
  const taken = await cli('capture', '-o', original, '--budget', '1500', ...kb);
  expect(taken.code, taken.stderr).toBe(0);
  // A resource the context holds: the one a replay of the edit would have served.
  const capture = JSON.parse(await readFile(original, 'utf8')) as Capture;
  const entry = capture.contents.find((read) =>
    read.contents?.some((item) => item.text && capture.context.text.includes(item.text)),
  );
  const item = entry?.contents?.find((each) => each.text !== undefined);
  if (!entry || !item?.text) throw new Error('the capture holds no text in its context');
  item.text = item.text.replace(/the/, 'never the');
  edited = join(dir, 'edited.json');
  await writeFile(edited, JSON.stringify(capture));
  const server = capture.servers.find((each) => each.id === entry.server)?.name;
  named = `it was edited: the content of "${entry.uri}" (server ${server}) does not match its sha256`;
});

afterAll(async () => {
  await host?.close();
});

describe('a capture whose content was edited, its hash kept', () => {
  it('is refused by assemble --from, which serves nothing of it', async () => {
    const replayed = await cli('assemble', '--from', edited);
    expect(replayed).toMatchObject({ code: 2, stdout: '' });
    expect(replayed.stderr).toBe(`mcp-context: --from ${edited} cannot be used: ${named}\n`);
    // The same file untouched replays as captured.
    const untouched = await cli('assemble', '--from', original);
    expect(untouched.code, untouched.stderr).toBe(0);
    expect(untouched.stderr).toContain('replay: the same bytes as the context captured');
  });

  it('is refused by diff, on either side, rather than called the same', async () => {
    const after = await cli('diff', original, edited);
    expect(after).toMatchObject({ code: 2, stdout: '' });
    expect(after.stderr).toBe(`mcp-context: B: ${edited} cannot be used: ${named}\n`);
    const before = await cli('diff', edited, original, '--json');
    expect(before).toMatchObject({ code: 2, stdout: '' });
    expect(before.stderr).toContain(`A: ${edited} cannot be used: ${named}`);
    expect(await cli('diff', original, original)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('the same'),
    });
  });

  it("is refused by a window's Open capture…, in the same words", async () => {
    host = startHost([]).host;
    await expect(host.openCapture(await readFile(edited, 'utf8'))).rejects.toMatchObject({
      code: 'invalid-input',
      message: `the capture cannot be opened: ${named}`,
    });
    await expect(host.openCapture(await readFile(original, 'utf8'))).resolves.toMatchObject({
      servers: 1,
    });
  });
});

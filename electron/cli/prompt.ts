/**
 * Questions on the terminal, on stderr (stdout stays the command's output): a line typed, a
 * secret typed unseen, or a choice from a numbered list. Only where stdin and stderr are both
 * terminals: a script gets a usage line instead, never a hang.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { terminalSafe } from './terminal';

export function canAsk(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/**
 * Asks one line; `secret` keeps the typing off the screen. Rejects when the user ends input
 * (Ctrl-D, Ctrl-C).
 */
export async function askLine(question: string, secret = false): Promise<string> {
  let muted = false;
  // readline echoes what is typed through its output: a secret's echo is swallowed here.
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: true });
  const ended = new Promise<never>((_, reject) =>
    lines.once('close', () => reject(new Error('no answer: input ended'))),
  );
  lines.once('SIGINT', () => lines.close());
  try {
    const answer = lines.question(terminalSafe(question));
    muted = secret;
    return await Promise.race([answer, ended]);
  } finally {
    muted = false;
    if (secret) process.stderr.write('\n');
    lines.close();
  }
}

/**
 * Asks for one of `options` by number (or as typed); an empty answer takes `fallback` when there is
 * one.
 */
export async function askChoice(
  question: string,
  options: readonly string[],
  fallback?: string,
): Promise<string> {
  options.forEach((option, at) => process.stderr.write(`  ${at + 1}. ${terminalSafe(option)}\n`));
  for (;;) {
    const answer = (
      await askLine(
        `${question} [1-${options.length}${fallback !== undefined ? `, Enter for ${fallback}` : ''}]: `,
      )
    ).trim();
    if (answer === '' && fallback !== undefined) return fallback;
    const number = Number(answer);
    if (Number.isInteger(number) && number >= 1 && number <= options.length)
      return options[number - 1] as string;
    if (options.includes(answer)) return answer;
    process.stderr.write(
      `mcp-context: ${terminalSafe(JSON.stringify(answer.slice(0, 40)))} is not one of them\n`,
    );
  }
}

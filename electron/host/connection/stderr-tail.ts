/**
 * Keeps the last lines a server wrote to stderr, bounded in count and width, so a
 * server that floods stderr costs us a fixed amount of memory.
 */
import type { Readable } from 'node:stream';

const MAX_LINES = 200;
const MAX_LINE_LENGTH = 2000;

export class StderrTail {
  #lines: string[] = [];
  #partial = '';
  /** Each line as kept and told: the config's secrets replaced (a server may print its env). */
  readonly #redact: (line: string) => string;
  constructor(redact: (line: string) => string = (line) => line) {
    this.#redact = redact;
  }

  /** Reads `stream` line by line, calling `onLines` with each batch of complete lines. */
  attach(stream: Readable, onLines: (lines: string[]) => void): void {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (this.#partial + chunk).split(/\r?\n/);
      // An unfinished line is kept whole up to twice the cut, so it is redacted whole.
      this.#partial = (parts.pop() ?? '').slice(0, MAX_LINE_LENGTH * 2);
      // Redacted whole, then cut: a secret across the cut would leave its first part.
      const lines = parts.map((line) => this.#redact(line).slice(0, MAX_LINE_LENGTH));
      if (lines.length > 0) {
        this.push(lines);
        onLines(lines);
      }
    });
    stream.on('end', () => {
      if (this.#partial) {
        const last = [this.#redact(this.#partial).slice(0, MAX_LINE_LENGTH)];
        this.#partial = '';
        this.push(last);
        onLines(last);
      }
    });
  }

  /**
   * Adds lines (and ours: an SDK's parse error quotes the line it could not read) to the tail,
   * redacted.
   */
  push(lines: string[]): void {
    this.#lines.push(...lines.slice(-MAX_LINES).map((line) => this.#redact(line)));
    if (this.#lines.length > MAX_LINES) this.#lines.splice(0, this.#lines.length - MAX_LINES);
  }

  /** The last `count` lines, oldest first. */
  tail(count = MAX_LINES): string[] {
    return this.#lines.slice(-count);
  }
}

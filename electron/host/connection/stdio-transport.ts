/**
 * Our stdio transport. The SDK's own one hides the child's exit code, re-copies its read
 * buffer on every chunk (quadratic on a 30 MB message) and, in 'auto' negotiation, makes
 * the client spawn the server twice. This one spawns once (the client probes the era on
 * it in place, because it has `stderr` and `pid`), reports how the process ended, and
 * hands stderr out line by line.
 */
import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import spawn from 'cross-spawn';
import {
  deserializeMessage,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { MAX_MESSAGE_BYTES, MessageTooLarge, RECEIVING_FROM } from './message-cap';

/** How the server process ended. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  spawnError?: string;
}

/** What to spawn. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** A single message larger than this closes the connection (default {@link MAX_MESSAGE_BYTES}). */
  maxMessageBytes?: number;
}

/** A {@link Transport} over a child process's stdin and stdout. */
export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called once when the process has ended, before `onclose`. */
  onexit?: (exit: ProcessExit) => void;
  /** Called when the server sent a message over the cap, before `onerror`; it is then closed. */
  ontoolarge?: (error: MessageTooLarge) => void;
  /**
   * Called on each chunk of a message past {@link RECEIVING_FROM} bytes, with its bytes so far: a
   * large answer takes a while to come, and the user is told how much has. Then, `whole`, once it
   * has all come, before it is parsed (which takes a while too).
   */
  onreceiving?: (bytes: number, whole?: boolean) => void;

  readonly #launch: StdioLaunch;
  readonly #stderr = new PassThrough();
  #child?: ChildProcess;
  /**
   * The line in progress, decoded chunk by chunk: a chunk's bytes are let go as soon as they are
   * read, so a 32 MB line costs its text and the joined line, not its bytes twice as well.
   */
  #parts: string[] = [];
  readonly #decoder = new StringDecoder('utf8');
  #buffered = 0;
  #closed = false;
  /** A message went over the cap: the rest of what the server writes is not read. */
  #overCap = false;

  constructor(launch: StdioLaunch) {
    this.#launch = launch;
  }

  /** The server's stderr, available before start so no early line is lost. */
  get stderr(): PassThrough {
    return this.#stderr;
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.#child) return Promise.reject(new Error('transport already started'));
    return new Promise((resolve, reject) => {
      const { command, args, env, cwd } = this.#launch;
      const child = spawn(command, args, {
        env: { ...getDefaultEnvironment(), ...env },
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
      this.#child = child;
      let started = false;
      child.once('spawn', () => {
        started = true;
        resolve();
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        if (!started) {
          const message =
            error.code === 'ENOENT'
              ? `command not found: ${command}`
              : `could not start ${command}: ${error.message}`;
          this.#finish({ code: null, signal: null, spawnError: message });
          reject(new Error(message));
          return;
        }
        this.onerror?.(error);
      });
      child.once('close', (code, signal) => this.#finish({ code, signal }));
      child.stdout?.on('data', (chunk: Buffer) => this.#onData(chunk));
      child.stderr?.pipe(this.#stderr);
      // A server that closes stdin early must not crash us with EPIPE.
      child.stdin?.on('error', (error) => this.onerror?.(error));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || this.#closed || stdin.destroyed)
      return Promise.reject(new Error('the server process is not running'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the process: closes stdin, then SIGTERM, then SIGKILL, two seconds apart. */
  async close(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.#finish({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null });
      return;
    }
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const wait = (ms: number) =>
      Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
    child.stdin?.end();
    await wait(2000);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await wait(2000);
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await wait(2000);
  }

  /** Reads `chunk` from `from` on. */
  #onData(chunk: Buffer, from = 0): void {
    if (this.#overCap) return;
    let start = from;
    let newline = chunk.indexOf(0x0a, start);
    while (newline !== -1) {
      let line: string;
      let large = false;
      if (this.#parts.length === 0) line = chunk.toString('utf8', start, newline);
      else {
        this.#parts.push(this.#decoder.end(chunk.subarray(start, newline)));
        line = this.#parts.join('');
        this.#parts = [];
        const bytes = this.#buffered + newline - start;
        large = bytes >= RECEIVING_FROM;
        if (large) this.onreceiving?.(bytes, true);
      }
      this.#buffered = 0;
      start = newline + 1;
      if (large) return this.#deliverLater(line, chunk, start);
      this.#deliver(line);
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) {
      this.#parts.push(this.#decoder.write(chunk.subarray(start)));
      this.#buffered += chunk.length - start;
      const limit = this.#launch.maxMessageBytes ?? MAX_MESSAGE_BYTES;
      if (this.#buffered >= RECEIVING_FROM && this.#buffered <= limit)
        this.onreceiving?.(this.#buffered);
      if (this.#buffered > limit) {
        this.#parts = [];
        this.#decoder.end();
        this.#buffered = 0;
        // The rest of that message would read as a line of its own: nothing more is read.
        this.#overCap = true;
        const error = new MessageTooLarge(limit);
        this.ontoolarge?.(error);
        this.onerror?.(error);
        void this.close();
      }
    }
  }

  /**
   * A large line is parsed a turn later, the rest of its chunk and of stdout after it: parsing
   * takes a while, and what the host says of it first (that it is being read) reaches the windows
   * before, rather than after, the wait.
   */
  #deliverLater(line: string, chunk: Buffer, rest: number): void {
    const stdout = this.#child?.stdout;
    stdout?.pause();
    setImmediate(() => {
      this.#deliver(line);
      this.#onData(chunk, rest);
      stdout?.resume();
    });
  }

  #deliver(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      // stdout is the protocol channel; a stray log line there is the server's bug, not fatal.
      this.onerror?.(
        // Cut to a line once its secrets are hidden (late-answers.ts, server-problems.ts).
        new Error(`the server wrote a line that is not JSON-RPC: ${line.slice(0, 65_536)}`),
      );
      return;
    }
    this.onmessage?.(message);
  }

  #finish(exit: ProcessExit): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stderr.end();
    this.onexit?.(exit);
    this.onclose?.();
  }
}

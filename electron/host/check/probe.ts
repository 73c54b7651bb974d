/**
 * A connection of the checker's own (conformance.ts): raw requests with a permissive result
 * schema, answered with what the server really sent (from the trace), never the SDK's parse; and
 * what the server asked of us and sent meanwhile.
 */
import {
  ProtocolError,
  type Client,
  type JSONRPCMessage,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { Note } from '../../../shared/check/notification-rules';
import type { ServerConfig } from '../../../shared/mcp-types';
import { openClient, type OpenClientOptions } from '../connection/open-client';
import type { SentMessage } from './wire-schema';

/** An answer as the server sent it (from the trace), or what went wrong getting one. */
function answerOf(
  raw: JSONRPCMessage | undefined,
  thrown: unknown,
  method: string,
  timeoutMs: number,
): Answer {
  if (raw && 'result' in raw) {
    const result = raw.result as unknown;
    if (typeof result === 'object' && result !== null && !Array.isArray(result))
      return { result: result as Record<string, unknown> };
    return {
      error: { code: Number.NaN, message: `${method} answered a result that is not an object` },
    };
  }
  if (raw && 'error' in raw) {
    const error = raw.error as { code?: unknown; message?: unknown; data?: unknown };
    return {
      error: {
        code: typeof error.code === 'number' ? error.code : Number.NaN,
        message: typeof error.message === 'string' ? error.message.slice(0, 500) : '',
        data: error.data,
      },
    };
  }
  if (thrown instanceof ProtocolError)
    return {
      error: { code: thrown.code, message: thrown.message.slice(0, 500), data: thrown.data },
    };
  // No answer at all: a timeout, or the connection went away.
  const message = thrown instanceof Error ? thrown.message : 'no answer';
  return {
    error: {
      code: Number.NaN,
      message: /timed? ?out/i.test(message)
        ? `no answer within ${timeoutMs / 1000} s`
        : message.slice(0, 300),
    },
  };
}

/** "-32602: Invalid params", or what went wrong when no answer came. */
export const said = (error: { code: number; message: string }) =>
  Number.isNaN(error.code)
    ? error.message.slice(0, 200)
    : `${error.code}: ${error.message.slice(0, 200)}`;

export const listOf = (result: unknown, field: string): unknown[] => {
  const value = (result as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value : [];
};
const anyResult = z.looseObject({});

export type Answer =
  | { result: Record<string, unknown> }
  | { error: { code: number; message: string; data?: unknown } };

export type Ask = (method: string, params: Record<string, unknown>) => Promise<Answer>;

/** A connection of the checker's own: raw questions, and what the server said and asked. */
export interface Probe {
  client: Client;
  /**
   * Streamable HTTP without a standing stream (the GET answered 405): in 2025 revisions the server
   * can then say nothing unasked.
   */
  streamRefused(): boolean;
  /** One request at a time, answered with what the server really sent. */
  ask: Ask;
  /**
   * The requests the server made of us: one for a capability we did not declare (sampling, say) is
   * its fault, and explains a failure our own request then gets.
   */
  asked: string[];
  /**
   * Every message the server sent (the first 2,000), for the schema rule, with the method each
   * response answers.
   */
  sent: SentMessage[];
  /** The notifications it sent (the first 500), when they came. */
  notes: Note[];
  /** Told of each notification as it is noted. */
  noted: Set<(note: Note) => void>;
  /** The ids of the listen streams opened, in order. */
  listens: string[];
}

/** Connects; rejects with the transport's or the SDK's error. */
export async function openProbe(
  config: ServerConfig,
  timeoutMs: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
  era?: OpenClientOptions['era'],
): Promise<Probe> {
  const asked: string[] = [];
  const sent: SentMessage[] = [];
  const notes: Note[] = [];
  const listens: string[] = [];
  const noted = new Set<(note: Note) => void>();
  // What the server really answered, by request id: the SDK's parse (strict in 2026-07-28, and
  // mapping -32002 onto -32602) is not what is judged.
  const answers = new Map<string | number, JSONRPCMessage>();
  const methods = new Map<string | number, string>();
  let waitingFor: { method: string; id?: string | number } | undefined;
  const trace = (direction: 'send' | 'receive', message: JSONRPCMessage) => {
    if (direction === 'send' && 'method' in message && 'id' in message) {
      methods.set(message.id, message.method);
      if (message.method === 'subscriptions/listen') listens.push(String(message.id));
      if (waitingFor && waitingFor.id === undefined && message.method === waitingFor.method)
        waitingFor.id = message.id;
      return;
    }
    if (direction !== 'receive') return;
    const answering =
      'id' in message && !('method' in message)
        ? methods.get(message.id as string | number)
        : undefined;
    if (sent.length < 2000)
      sent.push({
        message: message as unknown as Record<string, unknown>,
        ...(answering && { answers: answering }),
      });
    if ('method' in message && !('id' in message) && notes.length < 500) {
      const note: Note = {
        method: message.method,
        ...(typeof message.params === 'object' &&
          message.params !== null && { params: message.params as Record<string, unknown> }),
        at: Date.now(),
      };
      notes.push(note);
      for (const listener of noted) listener(note);
    }
    if ('method' in message && 'id' in message && asked.length < 100) asked.push(message.method);
    else if ('id' in message && waitingFor?.id !== undefined && message.id === waitingFor.id)
      answers.set(message.id, message);
  };
  // A server signed in to is checked with its sign-in, as every other command reaches it.
  const authProvider =
    config.transport.kind !== 'stdio' ? await signedIn?.(config.transport.url) : undefined;
  let refused = false;
  const client = (
    await openClient(config.transport, {
      timeoutMs,
      trace,
      onStreamRefused: () => (refused = true),
      ...(signal && { signal }),
      ...(authProvider && { authProvider }),
      ...(era && { era }),
    })
  ).client;
  // Cancelled: the connection closes, so every question still to come fails at once.
  signal?.addEventListener('abort', () => void client.close().catch(() => {}), { once: true });
  const ask: Ask = async (method, params) => {
    waitingFor = { method };
    let thrown: unknown;
    try {
      await client.request({ method, params } as never, anyResult, { timeout: timeoutMs });
    } catch (error) {
      thrown = error;
    }
    const raw = waitingFor.id !== undefined ? answers.get(waitingFor.id) : undefined;
    waitingFor = undefined;
    answers.clear();
    return answerOf(raw, thrown, method, timeoutMs);
  };
  return { client, streamRefused: () => refused, ask, asked, sent, notes, noted, listens };
}

/** The sign-in kept for an HTTP server's URL, if any (oauth-sign-in.ts's keptProviderFor). */
export type SignedIn = (url: string) => Promise<OAuthClientProvider | undefined>;

/**
 * A transport that tells every message it carries, both ways, once, and is otherwise the one
 * it wraps: the SDK reads some transports' own fields (a stdio transport's `pid` and `stderr`, an
 * HTTP one's `sessionId`), so everything but `send` and `onmessage` goes straight through.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { TraceDirection } from '../../../shared/trace-wire';

export type TraceTap = (direction: TraceDirection, message: JSONRPCMessage) => void;

export function tracedTransport<T extends Transport>(inner: T, tap: TraceTap): T {
  const tell = (direction: TraceDirection, message: JSONRPCMessage) => {
    try {
      tap(direction, message);
    } catch {
      // The trace must never break the connection it watches.
    }
  };
  const send: Transport['send'] = (message, options) => {
    tell('send', message);
    return inner.send(message, options);
  };
  // The SDK reads a transport's handler to chain it, and puts saved ones back: it is given the
  // handler it set, and only the one on the real transport taps, so each message is told once.
  const unwrapped = new WeakMap<object, unknown>();
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'send') return send;
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'onmessage')
        return typeof value === 'function' ? (unwrapped.get(value) ?? value) : value;
      // Methods run on the real transport: its private fields are its own.
      return typeof value === 'function' && property !== 'onclose' && property !== 'onerror'
        ? value.bind(target)
        : value;
    },
    set(target, property, value: unknown) {
      if (property === 'onmessage' && typeof value === 'function') {
        const handler = value as NonNullable<Transport['onmessage']>;
        const tapped: Transport['onmessage'] = (message, extra) => {
          tell('receive', message);
          handler(message, extra);
        };
        unwrapped.set(tapped, handler);
        return Reflect.set(target, property, tapped, target);
      }
      return Reflect.set(target, property, value, target);
    },
  });
}

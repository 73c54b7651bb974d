/**
 * Streamable HTTP's standing GET is how a 2025-era server sends what no request asked for: list
 * changes, updates, log lines. The spec lets a server answer it 405, and servers without sessions
 * do; the SDK then carries on silently. This fetch tells the connection, so the card and `watch`
 * can say that nothing will come on its own.
 */

/** `inner` with one difference: a GET answered 405 calls `onRefused` (each time). */
export function noticingRefusedStream(inner: typeof fetch, onRefused: () => void): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 405 && (init?.method ?? 'GET').toUpperCase() === 'GET') onRefused();
    return response;
  };
}

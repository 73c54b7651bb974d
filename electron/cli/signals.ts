/**
 * At SIGINT or SIGTERM, ends the servers this command started (host.close: stdin closed, then
 * SIGTERM, then SIGKILL), then exits 130 or 143, as a shell reports a signal. Killed outright, the
 * command left a server that ignores its closed stdin running. A second signal ends it at once.
 */
export function endOnSignal(close: () => Promise<void>): () => void {
  let closing = false;
  const on = (signal: NodeJS.Signals) => {
    const status = signal === 'SIGINT' ? 130 : 143;
    // A second signal, of either kind, ends it at once.
    if (closing) process.exit(status);
    closing = true;
    process.stderr.write(
      `mcp-context: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'}; ending the servers it started\n`,
    );
    void close().then(
      () => process.exit(status),
      () => process.exit(status),
    );
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  return () => {
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
  };
}

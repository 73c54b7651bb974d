import { useNow } from './use-now';

/**
 * When something shown was last refreshed from the server, e.g. "updated by the server 3 s
 * ago", briefly lit up when it changed. `at` is ms since the epoch.
 */
export function LiveStamp({ at, what, lit }: { at: number; what: string; lit: boolean }) {
  const now = useNow(true, 1000);
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const ago =
    seconds < 60
      ? `${seconds} s ago`
      : seconds < 3600
        ? `${Math.floor(seconds / 60)} min ago`
        : new Date(at).toLocaleTimeString('en-GB');
  // Keyed by `at`, so each new refresh plays the highlight again.
  return (
    <span
      key={at}
      className={`live-stamp small${lit ? ' lit' : ''}`}
      title={new Date(at).toLocaleString('en-GB')}
    >
      {what} {ago}
    </span>
  );
}

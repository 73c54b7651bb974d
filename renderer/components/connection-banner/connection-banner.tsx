import { useEffect, useState } from 'react';
import { MAX_OPEN_CAPTURES } from '../../../shared/host-api';
import type { HostLink } from '../../host-link';
import { useAppStore } from '../../store/use-app-store';

/** Says when the page cannot reach the host, and when it will try again. */
export function ConnectionBanner({ link }: { link: HostLink }) {
  const status = useAppStore((state) => state.hostLink);
  const syncError = useAppStore((state) => state.syncError);
  const viewError = useAppStore((state) => state.viewError);
  const contextError = useAppStore((state) => state.contextError);
  const seconds = useSecondsUntil(
    status.state === 'lost' || status.state === 'refused' ? status.retryAt : null,
  );
  // A link that opens within a moment (a tab taking its paused link up again) shows no banner.
  const slowToConnect = useTrueAfter(status.state === 'connecting', CONNECTING_NOTICE_MS);

  if (status.state === 'closed') {
    return (
      <div className="banner banner-error" role="alert">
        <strong>This capture is closed.</strong>
        <span>
          {' '}
          Only the newest {MAX_OPEN_CAPTURES} captures stay open, and none outlives the app: open
          its file again from the app's own window.
        </span>
      </div>
    );
  }
  if (status.state === 'lost' || status.state === 'refused') {
    return (
      <div className="banner banner-error" role="alert">
        <strong>
          {status.state === 'refused'
            ? "The page's token was refused"
            : 'Lost the connection to the host'}
        </strong>
        <span>
          {status.state === 'refused'
            ? ' Open the URL the host printed, with its current token.'
            : ''}{' '}
          Retrying in {seconds} s.
        </span>
        <button type="button" onClick={() => link.retryNow()}>
          Retry now
        </button>
      </div>
    );
  }
  if (status.state === 'connecting' && slowToConnect) {
    return (
      <div className="banner" role="status">
        <span className="spinner" aria-hidden="true" /> Connecting to the host…
      </div>
    );
  }
  if (syncError) {
    return (
      <div className="banner banner-error" role="alert">
        <strong>Could not load the host's state:</strong> {syncError}
      </div>
    );
  }
  if (viewError) {
    return (
      <div className="banner banner-error" role="alert">
        <strong>The tree could not follow that change:</strong> {viewError}
      </div>
    );
  }
  if (contextError) {
    return (
      <div className="banner banner-error" role="alert">
        <strong>The context could not take that change:</strong> {contextError}
      </div>
    );
  }
  return null;
}

/** How long the link may take to open before the banner says it is connecting. */
const CONNECTING_NOTICE_MS = 400;

/** True once `condition` has held for `ms` without a break. */
function useTrueAfter(condition: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!condition) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [condition, ms]);
  return condition && held;
}

/** A countdown that re-renders once a second while there is something to count down to. */
function useSecondsUntil(time: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (time === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [time]);
  return time === null ? 0 : Math.max(0, Math.ceil((time - now) / 1000));
}

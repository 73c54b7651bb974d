import { clockTime } from '../live-stamp/clock-time';
import { useAppStore } from '../../store/use-app-store';

/** Says, above everything, that this window shows a replayed capture and reaches no server. */
export function ReplayBanner() {
  const replay = useAppStore((state) => state.replay);
  if (!replay) return null;
  const at = new Date(replay.capturedAt);
  const when = Number.isNaN(at.getTime())
    ? replay.capturedAt
    : `${at.toLocaleDateString('en-CA')} ${clockTime(at.getTime())}`;
  return (
    <div className="banner banner-replay" role="status">
      <strong>Replay of a capture</strong>
      <span>
        taken {when} by {replay.tool}. Read-only: nothing here reaches a server, and the file is
        never changed. Change the policy to see what it would give.
      </span>
    </div>
  );
}

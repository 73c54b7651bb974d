import {
  LOG_LEVELS,
  type LogLevel,
  type ReconnectState,
  type ServerSnapshot,
} from '../../../shared/mcp-types';
import { plural } from '../../../shared/plural';
import { useAppStore } from '../../store/use-app-store';
import { useNow } from '../live-stamp/use-now';
import { declaredCapabilities } from './capabilities';

/** Connecting, connected (version, era, capabilities) or disconnected (why, plus stderr). */
export function ServerStatus({ server }: { server: ServerSnapshot }) {
  return (
    <div className="server-status">
      {server.status === 'connecting' ? (
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {server.retry
            ? `Reconnecting… attempt ${server.retry.attempt} of ${server.retry.of}`
            : 'Connecting…'}
        </p>
      ) : null}
      {server.status === 'connected' ? <ConnectedStatus server={server} /> : null}
      {server.status === 'disconnected' ? <DisconnectedStatus server={server} /> : null}
      {server.stderrTail.length > 0 ? (
        <details className="stderr">
          <summary>stderr ({plural(server.stderrTail.length, 'line')})</summary>
          <pre>{server.stderrTail.join('\n')}</pre>
        </details>
      ) : null}
    </div>
  );
}

function ConnectedStatus({ server }: { server: ServerSnapshot }) {
  const capabilities = declaredCapabilities(server.capabilities);
  // A replayed capture's server answers from the file: it is not connected to anything.
  const replay = useAppStore((state) => state.replay);
  return (
    <>
      <p className="status-line">
        <span className="dot ok" aria-hidden="true" />{' '}
        {replay ? 'Replayed from the capture' : 'Connected'}
        {server.serverInfo ? (
          <span
            className="muted"
            title={`${server.serverInfo.title ?? server.serverInfo.name} ${server.serverInfo.version}`}
          >
            {' '}
            · {server.serverInfo.title ?? server.serverInfo.name} {server.serverInfo.version}
          </span>
        ) : null}
      </p>
      {server.capabilities?.logging && !replay ? <LogLevelSelect server={server} /> : null}
      <ul className="badges" aria-label="Protocol and capabilities">
        {server.protocolVersion ? (
          <li className="badge">protocol {server.protocolVersion}</li>
        ) : null}
        {server.era ? <li className={`badge era-${server.era}`}>{server.era}</li> : null}
        {server.pid !== undefined ? <li className="badge">pid {server.pid}</li> : null}
        {capabilities.map((capability) => (
          <li key={capability} className="badge capability" title={capability}>
            {capability.replace(/^resources\./, '')}
          </li>
        ))}
      </ul>
    </>
  );
}

function DisconnectedStatus({ server }: { server: ServerSnapshot }) {
  const info = server.disconnect;
  return (
    <div>
      <p className="status-line">
        <span className="dot bad" aria-hidden="true" /> Disconnected
      </p>
      {info ? (
        <p className="small">
          {info.reason}
          {info.exitCode !== undefined &&
          info.exitCode !== null &&
          !info.reason.includes(`code ${info.exitCode}`)
            ? ` · exit code ${info.exitCode}`
            : ''}
          {info.signal && !info.reason.includes(info.signal) ? ` · signal ${info.signal}` : ''}
        </p>
      ) : null}
      <RetryLine retry={server.retry} />
    </div>
  );
}

/** The host's own reconnecting: when it tries next, or that it gave up. */
function RetryLine({ retry }: { retry: ReconnectState | undefined }) {
  const now = useNow(retry?.at !== undefined);
  if (!retry) return null;
  if (retry.gaveUp)
    return (
      <p className="small warn-text">
        Gave up reconnecting after {retry.of} attempts: Reconnect tries again.
      </p>
    );
  const seconds = retry.at ? Math.max(0, Math.ceil((Date.parse(retry.at) - now) / 1000)) : 0;
  return (
    <p className="small" role="status">
      <span className="spinner" aria-hidden="true" /> Reconnecting{' '}
      {seconds > 0 ? `in ${seconds} s` : 'now'} (attempt {retry.attempt} of {retry.of})
    </p>
  );
}

/** The server's log messages go to the timeline; this asks for those at a level and above. */
function LogLevelSelect({ server }: { server: ServerSnapshot }) {
  const setLogLevel = useAppStore((state) => state.setLogLevel);
  return (
    <label className="small log-level">
      Logs from{' '}
      <select
        value={server.logLevel ?? ''}
        onChange={(event) => void setLogLevel(server.id, event.target.value as LogLevel)}
      >
        <option value="" disabled>
          the server's default
        </option>
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
    </label>
  );
}

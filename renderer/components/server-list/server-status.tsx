import type { ServerSnapshot } from '../../../shared/mcp-types';
import { declaredCapabilities } from './capabilities';

/** Connecting, connected (version, era, capabilities) or disconnected (why, plus stderr). */
export function ServerStatus({ server }: { server: ServerSnapshot }) {
  return (
    <div className="server-status">
      {server.status === 'connecting' ? (
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" /> Connecting…
        </p>
      ) : null}
      {server.status === 'connected' ? <ConnectedStatus server={server} /> : null}
      {server.status === 'disconnected' ? <DisconnectedStatus server={server} /> : null}
      {server.stderrTail.length > 0 ? (
        <details className="stderr">
          <summary>stderr ({server.stderrTail.length} lines)</summary>
          <pre>{server.stderrTail.join('\n')}</pre>
        </details>
      ) : null}
    </div>
  );
}

function ConnectedStatus({ server }: { server: ServerSnapshot }) {
  const capabilities = declaredCapabilities(server.capabilities);
  return (
    <>
      <p className="status-line">
        <span className="dot ok" aria-hidden="true" /> Connected
        {server.serverInfo ? (
          <span className="muted">
            {' '}
            · {server.serverInfo.title ?? server.serverInfo.name} {server.serverInfo.version}
          </span>
        ) : null}
      </p>
      <ul className="badges" aria-label="Protocol and capabilities">
        {server.protocolVersion ? <li className="badge">protocol {server.protocolVersion}</li> : null}
        {server.era ? <li className={`badge era-${server.era}`}>{server.era}</li> : null}
        {capabilities.map((capability) => (
          <li key={capability} className="badge capability">
            {capability}
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
          {info.exitCode !== undefined && info.exitCode !== null ? ` · exit code ${info.exitCode}` : ''}
          {info.signal ? ` · signal ${info.signal}` : ''}
        </p>
      ) : null}
    </div>
  );
}

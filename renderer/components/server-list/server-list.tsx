import { useAppStore } from '../../store/use-app-store';
import { ServerItem } from './server-item';

/** The configured servers, each with its status and actions. */
export function ServerList() {
  const serverOrder = useAppStore((state) => state.serverOrder);
  return (
    <section className="server-list" aria-labelledby="server-list-heading">
      <h2 id="server-list-heading">Servers</h2>
      {serverOrder.length === 0 ? (
        <p className="muted">No servers yet. Connect one below.</p>
      ) : (
        <ul className="server-items" aria-label="Servers">
          {serverOrder.map((id) => (
            <ServerItem key={id} serverId={id} />
          ))}
        </ul>
      )}
    </section>
  );
}

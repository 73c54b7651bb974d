import { useAppStore } from '../../store/use-app-store';

/** "All servers" (unless `all` is false) or one of them, for a panel's filter. */
export function ServerSelect({
  value,
  onChange,
  all = true,
}: {
  value: string | undefined;
  onChange(serverId: string | undefined): void;
  all?: boolean;
}) {
  const servers = Object.values(useAppStore((state) => state.servers));
  return (
    <select
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      aria-label="Server"
    >
      {all ? <option value="">All servers</option> : null}
      {servers.map((server) => (
        <option key={server.id} value={server.id}>
          {server.name}
        </option>
      ))}
    </select>
  );
}

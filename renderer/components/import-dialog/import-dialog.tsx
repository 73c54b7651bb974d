import { useEffect, useMemo, useRef, useState } from 'react';
import { MAX_CONFIG_UPLOAD } from '../../../shared/host-api';
import { plural } from '../../../shared/plural';
import { describeError } from '../../store/describe-error';
import { useAppStore } from '../../store/use-app-store';
import {
  canImport,
  foundFiles,
  importPlan,
  inputKey,
  inputsNeeded,
  pickedFile,
  serverKey,
  serverNotes,
  type ImportFile,
} from './import-model';
import { ImportInputs } from './import-inputs';

/** What the dialog says while the host looks for config files. */
const LOOKING = { busy: 'Looking for config files…' } as const;

/**
 * Import from…: the MCP config files of the clients on the host's machine, and one the user
 * picks; the servers ticked are added (and started: the Add button is the user's action), after
 * the inputs they ask for are typed. The values typed are sent for this connection only.
 */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const findConfigs = useAppStore((state) => state.findConfigs);
  const readConfig = useAppStore((state) => state.readConfig);
  const importServers = useAppStore((state) => state.importServers);
  const [found, setFound] = useState<ImportFile[] | undefined>();
  const [picked, setPicked] = useState<ImportFile | undefined>();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error?: string; busy?: string }>(LOOKING);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    // The search ends in its own words only while they are still what the dialog says: a file
    // the user picked meanwhile keeps its own (its error, above all).
    const ended = (next: { error?: string }) =>
      setStatus((shown) => (shown === LOOKING ? next : shown));
    findConfigs().then(
      (files) => current && (setFound(foundFiles(files)), ended({})),
      (error: unknown) =>
        current &&
        (setFound([]),
        ended({ error: `Could not look for config files: ${describeError(error).message}` })),
    );
    return () => {
      current = false;
    };
  }, [findConfigs]);
  useEffect(() => dialog.current?.querySelector<HTMLElement>('button, input')?.focus(), [found]);

  const files = useMemo(() => [...(picked ? [picked] : []), ...(found ?? [])], [picked, found]);
  const plan = importPlan(files, ticked, values);
  const count = plan.count;

  async function pick(file: File) {
    setStatus({ busy: `Reading ${file.name}…` });
    if (file.size > MAX_CONFIG_UPLOAD)
      return setStatus({
        error: `${file.name} is larger than a config file can be (${plural(Math.round(MAX_CONFIG_UPLOAD / 1024 / 1024), 'MB', 'MB')})`,
      });
    try {
      const text = await file.text();
      setPicked(pickedFile(await readConfig({ name: file.name, text }), file.name, text));
      setStatus({});
    } catch (error) {
      setStatus({ error: `${file.name} cannot be used: ${describeError(error).message}` });
    }
  }

  async function add() {
    setStatus({ busy: `Adding ${plural(count, 'server')}…` });
    try {
      await importServers(plan.items);
      onClose();
    } catch (error) {
      setStatus({ error: `Could not add: ${describeError(error).message}` });
    }
  }

  const toggle = (key: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className="dialog import-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="import-title"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <div className="dialog-head">
          <h2 id="import-title">Import servers from a config file</h2>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
        <div className="import-body">
          <label className="import-pick">
            <span>Choose a file…</span>
            <input
              type="file"
              accept=".json,.jsonc,application/json"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void pick(file);
              }}
            />
          </label>
          {found && found.length === 0 && !status.error ? (
            <p className="muted">
              No client config file was found on this machine. Choose one, or type a server into the
              form.
            </p>
          ) : null}
          {files.map((file) => (
            <fieldset key={file.key} className="import-file">
              <legend>
                <strong>{file.found.client}</strong>{' '}
                <span className="muted">({file.found.scope})</span>{' '}
                <span className="mono import-path">{file.found.path}</span>
              </legend>
              {file.found.error ? (
                <p className="error-text">Cannot be read: {file.found.error}</p>
              ) : null}
              {file.found.servers.map((server) => {
                const key = serverKey(file, server);
                const notes = serverNotes(server);
                return (
                  <label
                    key={key}
                    className={`import-server${canImport(server) ? '' : ' unusable'}`}
                  >
                    <input
                      type="checkbox"
                      checked={ticked.has(key)}
                      disabled={!canImport(server)}
                      onChange={() => toggle(key)}
                    />
                    <span className="import-name">{server.name}</span>
                    <span className="muted">{server.kind}</span>
                    <span className="mono import-shows" title={server.shows}>
                      {server.shows}
                    </span>
                    {server.error ? (
                      <span className="error-text">cannot be used: {server.error}</span>
                    ) : notes.length ? (
                      <span className="muted import-notes">{notes.join(' · ')}</span>
                    ) : null}
                  </label>
                );
              })}
              {file.found.warnings.map((warning) => (
                <p key={warning} className="muted">
                  {warning}
                </p>
              ))}
              <ImportInputs
                inputs={inputsNeeded(file, ticked)}
                value={(input) => values[inputKey(file, input)]}
                onChange={(input, value) =>
                  setValues((current) => ({ ...current, [inputKey(file, input)]: value }))
                }
              />
            </fieldset>
          ))}
        </div>
        <div className="import-foot">
          <span role="status" className={status.error ? 'error-text' : 'muted'}>
            {status.error ??
              status.busy ??
              (plan.empty.length > 0
                ? `Type ${plan.empty.map((input) => input.description).join(', ')} first.`
                : found
                  ? `${plural(found.length, 'file')} found on this machine. Values typed are used for this connection and never written to the file.`
                  : '')}
          </span>
          <button
            type="button"
            className="primary"
            disabled={count === 0 || plan.empty.length > 0 || status.busy !== undefined}
            onClick={() => void add()}
          >
            {count === 0 ? 'Add' : `Add ${plural(count, 'server')}`}
          </button>
        </div>
      </div>
    </div>
  );
}

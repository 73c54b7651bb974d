import { useState, type FormEvent } from 'react';
import { describeError } from '../../store/describe-error';
import { useAppStore } from '../../store/use-app-store';
import {
  buildServerConfig,
  EMPTY_FORM,
  type ConnectFormValues,
  type FieldErrors,
  type TransportChoice,
} from './connect-form-model';
import { FormField } from './form-field';
import { ImportDialog } from '../import-dialog/import-dialog';

/**
 * Adds a server. Submitting is the explicit user action the product requires before any
 * process is spawned, so addServer is called from onSubmit and nowhere else.
 */
export function ConnectForm() {
  const addServer = useAppStore((state) => state.addServer);
  const [values, setValues] = useState<ConnectFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);

  function update(field: keyof ConnectFormValues) {
    return (value: string) => setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const built = buildServerConfig(values);
    setErrors(built.ok ? {} : built.errors);
    if (!built.ok) return;
    setBusy(true);
    try {
      await addServer(built.config);
      setValues((current) => ({ ...EMPTY_FORM, transport: current.transport }));
    } catch (error) {
      setSubmitError(describeError(error).message);
    } finally {
      setBusy(false);
    }
  }

  const isStdio = values.transport === 'stdio';
  return (
    <>
      <form
        className="connect-form"
        aria-label="Connect a server"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="connect-head">
          <h2>Connect a server</h2>
          <button
            type="button"
            onClick={() => setImporting(true)}
            title="Servers from Claude Desktop, Claude Code, Cursor, VS Code, Cline or Windsurf"
          >
            Import from…
          </button>
        </div>
        <FormField
          label="Name"
          value={values.name}
          onChange={update('name')}
          placeholder="derived from the command or URL"
        />
        <div className="field">
          <label htmlFor="connect-transport">Transport</label>
          <select
            id="connect-transport"
            value={values.transport}
            onChange={(event) => update('transport')(event.target.value as TransportChoice)}
          >
            <option value="stdio">stdio</option>
            <option value="http">Streamable HTTP</option>
            <option value="sse">SSE</option>
          </select>
        </div>
        {isStdio ? (
          <>
            <FormField
              label="Command"
              value={values.commandLine}
              onChange={update('commandLine')}
              error={errors.commandLine}
              placeholder='npx -y "@scope/server" --flag'
              mono
            />
            <FormField
              label="Working directory"
              value={values.cwd}
              onChange={update('cwd')}
              placeholder="optional"
              mono
            />
            <FormField
              label="Environment"
              value={values.env}
              onChange={update('env')}
              error={errors.env}
              hint="KEY=VALUE, one per line"
              multiline
              mono
            />
          </>
        ) : (
          <>
            <FormField
              label="URL"
              value={values.url}
              onChange={update('url')}
              error={errors.url}
              placeholder="https://example.com/mcp"
              mono
            />
            <FormField
              label="Headers"
              value={values.headers}
              onChange={update('headers')}
              error={errors.headers}
              hint="Name: Value, one per line"
              multiline
              mono
            />
          </>
        )}
        {submitError ? (
          <p className="error-text" role="alert">
            {submitError}
          </p>
        ) : null}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </form>
      {/* Outside the form: Enter in the dialog's fields must not submit it. */}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}

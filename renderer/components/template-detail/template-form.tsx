import { useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { TemplateVariable } from '../../../shared/catalog/uri-template-variables';
import type { HostCalls } from '../../../shared/host-api';
import type { TemplateEntry } from '../../../shared/mcp-types';
import { AppStoreContext, useAppStore } from '../../store/use-app-store';
import { ContentView } from '../content-view/content-view';
import { CopyButton } from '../resource-detail/copy-button';
import { declaredCapabilities } from '../server-list/capabilities';
import { expandTemplate, otherValues, type VariableValues } from './expand-template';
import { useCompletions } from './use-completions';
import { useTemplateRead } from './use-template-read';
import { VariableCombobox } from './variable-combobox';

interface TemplateFormProps {
  template: TemplateEntry;
  variables: TemplateVariable[];
  api: HostCalls;
}

/** One field per variable, the URI they expand to, Read, and what the read returned. */
export function TemplateForm({ template, variables, api }: TemplateFormProps) {
  const [values, setValues] = useState<VariableValues>({});
  // Handlers read the latest values from here: Tab can accept a value and focus the next field
  // before React has rendered, and that field's context must already include the value.
  const latest = useRef<VariableValues>({});
  // Spec: no completion/complete unless the server declared `completions`.
  const canComplete = useAppStore((state) =>
    declaredCapabilities(state.servers[template.serverId]?.capabilities).includes('completions'),
  );
  const completions = useCompletions(api, template.serverId, template.uriTemplate, canComplete);
  const reader = useTemplateRead(api, template.serverId);
  const readStatus = useStore(reader.store, (state) => state.read.status);
  const uri = useMemo(
    () => expandTemplate(template.uriTemplate, variables, values),
    [template.uriTemplate, variables, values],
  );

  function setValue(name: string, value: string): VariableValues {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    return next;
  }

  return (
    <>
      <form
        className="template-form"
        aria-label="Template variables"
        onSubmit={(event) => {
          event.preventDefault();
          reader.readUri(uri);
        }}
      >
        {variables.length === 0 ? (
          <p className="muted small">This template has no variables.</p>
        ) : null}
        {variables.map((variable) => (
          <VariableCombobox
            key={variable.name}
            variable={variable}
            value={values[variable.name] ?? ''}
            suggestions={
              completions.suggestions?.name === variable.name ? completions.suggestions : null
            }
            onInput={(value) =>
              completions.request(
                variable.name,
                value,
                otherValues(setValue(variable.name, value), variable.name),
              )
            }
            onAccept={(value) => {
              setValue(variable.name, value);
              completions.close();
            }}
            // On focus, ask at once with what is there (even nothing) so choices show without
            // typing.
            onFocus={() =>
              completions.request(
                variable.name,
                latest.current[variable.name] ?? '',
                otherValues(latest.current, variable.name),
                0,
              )
            }
            onClose={completions.close}
          />
        ))}
        {canComplete ? null : (
          <p className="muted small">
            The server does not declare completions, so there are no suggestions.
          </p>
        )}
        <div className="expanded-uri">
          <span className="expanded-uri-label muted small">Expanded URI</span>
          <output className="mono break" aria-label="Expanded URI" aria-live="off">
            {uri}
          </output>
          <CopyButton text={uri} label="Copy expanded URI" />
        </div>
        <div className="button-row">
          <button type="submit" className="primary">
            Read
          </button>
        </div>
      </form>
      {readStatus === 'idle' ? null : (
        <AppStoreContext.Provider value={reader.store}>
          <ContentView />
        </AppStoreContext.Provider>
      )}
    </>
  );
}

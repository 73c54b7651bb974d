/**
 * The `${…}` variables MCP clients expand inside a server's strings, as each documents them:
 * VS Code and Cursor's `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`,
 * `${pathSeparator}` (`${/}`), `${env:NAME}` (unset: empty, or as written for Cline) and
 * `${input:id}`; Claude Code's `${NAME}` and `${NAME:-default}` (unset: as written), also taken
 * as `${env:NAME:-default}`. What cannot be expanded is told,
 * never dropped silently: a missing variable, an input without a value, a variable no client
 * defines.
 */

export interface VariableContext {
  /** The workspace the file belongs to; undefined where there is none. */
  workspaceFolder: string | undefined;
  userHome: string;
  pathSeparator: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The values given for the file's `inputs`, by id. */
  inputs: Readonly<Record<string, string>>;
  /**
   * The ids of the inputs that are secrets (`password`): their values are hidden wherever the
   * config shows.
   */
  secretInputs?: { has(id: string): boolean };
  /** An unset `${env:X}` stays as written (Cline), instead of becoming empty (VS Code, Cursor). */
  keepMissingEnv?: boolean;
}

/** What expanding a server's strings ran into, each named once. */
export interface VariableFindings {
  /** `${env:X}` unset, with no default: expanded to nothing (Cline: left as written). */
  missingEnv: Set<string>;
  /** `${X}` unset, with no default: left as written, as Claude Code does. */
  missingLiteral: Set<string>;
  /** `${input:id}` with no value given yet. */
  neededInputs: Set<string>;
  /** Every `${input:id}` used, given or not. */
  usedInputs: Set<string>;
  /** The values expanded from secret inputs. */
  secrets: Set<string>;
  /** Variables no client defines here (`${command:…}`, `${config:…}`): left as written. */
  unknown: Set<string>;
  /** `${workspaceFolder}` where the file belongs to no workspace: left as written. */
  noWorkspace: boolean;
}

export function emptyFindings(): VariableFindings {
  return {
    missingEnv: new Set(),
    missingLiteral: new Set(),
    neededInputs: new Set(),
    usedInputs: new Set(),
    secrets: new Set(),
    unknown: new Set(),
    noWorkspace: false,
  };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function basename(folder: string): string {
  const parts = folder.split(/[\\/]+/).filter(Boolean);
  return parts[parts.length - 1] ?? folder;
}

/**
 * An environment variable's value, or its default (taken when unset or empty, as a shell's `:-`).
 */
function fromEnv(
  spec: string,
  context: VariableContext,
  findings: VariableFindings,
  whole: string,
  keepMissing: boolean,
): string {
  const split = spec.indexOf(':-');
  const name = split === -1 ? spec : spec.slice(0, split);
  if (!ENV_NAME.test(name)) {
    findings.unknown.add(whole);
    return whole;
  }
  const value = Object.hasOwn(context.env, name) ? context.env[name] : undefined;
  if (split !== -1) return value !== undefined && value !== '' ? value : spec.slice(split + 2);
  if (value !== undefined) return value;
  if (keepMissing) {
    findings.missingLiteral.add(name);
    return whole;
  }
  findings.missingEnv.add(name);
  return '';
}

/** `value` with every variable it can expand, expanded; what it could not, noted in `findings`. */
export function expandVariables(
  value: string,
  context: VariableContext,
  findings: VariableFindings,
): string {
  return value.replace(/\$\{([^{}]*)\}/g, (whole, name: string) => {
    switch (name) {
      case 'workspaceFolder':
      case 'workspaceRoot':
        if (context.workspaceFolder === undefined) {
          findings.noWorkspace = true;
          return whole;
        }
        return context.workspaceFolder;
      case 'workspaceFolderBasename':
        if (context.workspaceFolder === undefined) {
          findings.noWorkspace = true;
          return whole;
        }
        return basename(context.workspaceFolder);
      case 'userHome':
        return context.userHome;
      case 'pathSeparator':
      case '/':
        return context.pathSeparator;
    }
    if (name.startsWith('env:'))
      return fromEnv(name.slice(4), context, findings, whole, context.keepMissingEnv === true);
    if (name.startsWith('input:')) {
      const id = name.slice(6);
      findings.usedInputs.add(id);
      const given = Object.hasOwn(context.inputs, id) ? context.inputs[id] : undefined;
      if (given !== undefined) {
        if (context.secretInputs?.has(id) && given !== '') findings.secrets.add(given);
        return given;
      }
      findings.neededInputs.add(id);
      return whole;
    }
    if (ENV_NAME.test(name.split(':-')[0] ?? ''))
      return fromEnv(name, context, findings, whole, true);
    findings.unknown.add(whole);
    return whole;
  });
}

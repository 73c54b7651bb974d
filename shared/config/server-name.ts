/**
 * The name a server gets from its command line when the user gave none: the program and its
 * arguments (the program by its name, not its path), never its environment or anything that
 * looks like a secret. `env A=1 B=2 /usr/bin/node server.js --token X` is named "node server.js
 * --token [redacted]": the name is shown on every face and written into the context a model
 * receives.
 */

/**
 * Names of a credential, in a flag (`--api-key X`, `--token=X`, `-p X`, `--header X`) or an
 * assignment (`token=X`).
 */
export const SECRET_NAME =
  /key|token|secret|pass|pwd|auth|credential|cookie|session|signature|header/i;
const SECRET_FLAG =
  /^(--?[\w-]*(key|token|secret|pass|pwd|auth|credential|cookie|session|signature|header)[\w-]*|-p|-H)$/i;
/**
 * A value that looks like a credential whatever its flag: 16 characters or more, letters and
 * digits, no spaces or slashes.
 */
export const looksSecret = (value: string) =>
  value.length >= 16 && /[a-z]/i.test(value) && /\d/.test(value) && !/[\s/\\]/.test(value);
const REDACTED = '[redacted]';
const MAX_NAME = 80;

/**
 * A URL-shaped word without its user name, password and query values (`postgres://admin:pw@db`,
 * `?api_key=…`).
 */
function withoutUrlSecrets(word: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return word;
  return word
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, `$1${REDACTED}@`)
    .replace(/([?&][^=&#]+)=[^&#]*/g, `$1=${REDACTED}`);
}

/**
 * The values {@link withoutUrlSecrets} hides: the password (or the user alone) and each query
 * value.
 */
function urlSecrets(word: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return [];
  const found: string[] = [];
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/@?#]*)@/i.exec(word)?.[1];
  if (userinfo)
    found.push(userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : userinfo);
  for (const match of word.matchAll(/[?&][^=&#]+=([^&#]*)/g)) if (match[1]) found.push(match[1]);
  return found;
}

/** `env`'s own options and assignments, before the program it runs. */
function afterEnv(words: readonly string[]): string[] {
  let at = 0;
  while (at < words.length) {
    const word = words[at] as string;
    if (word === '-u' || word === '--unset' || word === '-C' || word === '--chdir' || word === '-S')
      at += 2;
    else if (word.startsWith('-') || /^[^=\s]+=/.test(word)) at += 1;
    else break;
  }
  return words.slice(at);
}

/**
 * A program by its name alone: `/home/ada/.nvm/versions/node/v22/bin/node` is `node` (a path says
 * whose machine it is, and crowds out the rest).
 */
const programName = (word: string): string => word.split(/[\\/]/).filter(Boolean).pop() ?? word;

/**
 * A command line's words with every value that looks like a secret replaced: the value after a
 * credential flag (`--token X`, `-p X`, `--header X`), of an assignment (`token=X`, `API_KEY=X`,
 * `--key=X`), anything shaped like a key, and a URL's user, password and query values. Also
 * returns the values replaced, so what shows them elsewhere (a trace, stderr) can hide them too.
 */
export function redactWords(words: readonly string[]): { shown: string[]; secrets: string[] } {
  const shown: string[] = [];
  const secrets: string[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at] as string;
    const assignment = /^(--?[\w-]+|[A-Za-z_][\w]*)=(.*)$/.exec(word);
    if (assignment) {
      // KEY=VALUE and --flag=VALUE: the value only if it is plainly not a secret.
      const [, key = '', value = ''] = assignment;
      // Shown: no environment-style value at all. Hidden everywhere: only what names or looks like
      // a secret (NODE_ENV=development is not one).
      const secret = SECRET_NAME.test(key) || looksSecret(value);
      if (secret) secrets.push(value);
      else secrets.push(...urlSecrets(value));
      shown.push(
        secret || /^[A-Z_][A-Z0-9_]*$/.test(key)
          ? `${key}=${REDACTED}`
          : `${key}=${withoutUrlSecrets(value)}`,
      );
    } else if (SECRET_FLAG.test(word) && at + 1 < words.length) {
      const value = words[at + 1] as string;
      // -p is a password to some programs, a port or a package to others: hidden everywhere only if
      // it looks like one.
      if (word !== '-p' || looksSecret(value)) secrets.push(value);
      shown.push(word, REDACTED);
      at += 1;
    } else if (looksSecret(word)) {
      secrets.push(word);
      shown.push(REDACTED);
    } else {
      secrets.push(...urlSecrets(word));
      shown.push(withoutUrlSecrets(word));
    }
  }
  return { shown, secrets: secrets.filter((secret) => secret.length > 0) };
}

/**
 * A word that names a file or folder (`/home/ada/kb/server.mjs`, `./server.js`, `C:\\mcp\\x.js`,
 * `~/notes`): not a URL, and not a scoped package (`@scope/pkg`) or a flag.
 */
const isPath = (word: string) =>
  /[\\/]/.test(word) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(word) && !/^[@-]/.test(word);

/**
 * A word with its path, if it names a file, replaced by the file's base name: `server.mjs` for
 * `/home/ada/kb/server.mjs`, and `--config=mcp.json` for `--config=/home/ada/mcp.json`.
 */
function withoutFolders(word: string): string {
  if (isPath(word)) return fileName(word);
  const flag = /^(--?[\w-]+=)(.+)$/.exec(word);
  return flag?.[1] && flag[2] && isPath(flag[2]) ? `${flag[1]}${fileName(flag[2])}` : word;
}

/** Folders whose children are people's homes. */
const HOMES = new Set(['home', 'users']);
/** Folders that say how a package is built, not which it is. */
const BUILD_FOLDERS = new Set(['dist', 'build', 'lib', 'src', 'bin', 'out', 'esm', 'cjs']);

/**
 * What names a file without its machine: a package's name where it is one
 * (`…/node_modules/@scope/pkg/dist/index.js` is `@scope/pkg`), an entry file with the folder it
 * starts (`…/kb-server/dist/index.js` is `kb-server/index.js`), else its base name.
 */
function fileName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  const modules = parts.lastIndexOf('node_modules');
  if (modules >= 0 && parts[modules + 1]) {
    const scope = parts[modules + 1] as string;
    return scope.startsWith('@') && parts[modules + 2] ? `${scope}/${parts[modules + 2]}` : scope;
  }
  const base = parts.at(-1) ?? path;
  if (!/^(index|main)\.[\w]+$/.test(base)) return base;
  // Never the folder a home is named for (`/home/ada/index.js` is `index.js`, not `ada/…`).
  const folders = parts.slice(0, -1);
  const folder = folders
    .map((part, at) => ({
      part,
      home: at > 0 && HOMES.has((folders[at - 1] as string).toLowerCase()),
    }))
    .reverse()
    .find(
      ({ part, home }) =>
        !home &&
        !HOMES.has(part.toLowerCase()) &&
        part !== '~' &&
        !/^[a-z]:$/i.test(part) &&
        !BUILD_FOLDERS.has(part),
    )?.part;
  return folder ? `${folder}/${base}` : base;
}

/**
 * The name a server gets from its command line: the program, then its arguments with secrets
 * hidden and files by their base names, so no name says whose machine it is (a name is written
 * into the context a model receives, and onto every card and CLI line).
 */
export function deriveServerName(command: string, args: readonly string[]): string {
  let words = [command, ...args];
  if (/(^|[\\/])env$/.test(command)) words = afterEnv(args);
  if (words.length === 0) words = [command];
  const name = [
    programName(words[0] as string),
    ...redactWords(words.slice(1)).shown.map(withoutFolders),
  ].join(' ');
  return name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - 1)}…`;
}

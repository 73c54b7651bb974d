/**
 * Sign-ins to remote servers, kept for the CLI and browser mode: the client each authorization
 * server registered for us and the tokens it gave, by the MCP server's URL, in one file only the
 * user may read (0600), written whole or not at all. A file that cannot be read is never written
 * over: signing in says why. The desktop app seals them with the system keychain too (a
 * {@link Seal}: Electron's safeStorage), in a file of its own.
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../store/atomic-file';
import { readRegularFile, whyNotRead } from '../store/read-regular';

const KIND = 'mcp-context-inspector sign-ins';
/** A file of sign-ins holds a few tokens per server: far less than this. */
const MAX_SIGN_INS_BYTES = 16 * 1024 * 1024;

/** What is kept of one server's sign-in. */
export interface SignIn {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /**
   * Where the client came from: registered for us, given by the user, or our client metadata
   * document.
   */
  clientKind?: 'registered' | 'given' | 'metadata-document';
  /**
   * The issuer of the authorization server the client and tokens are from: they are never offered
   * to another (oauth-issuer.ts).
   */
  issuer?: string;
  /** When the tokens were saved (ms), so their `expires_in` means a time. */
  savedAt?: number;
  /**
   * A machine client (the client credentials grant): new tokens are asked for with its secret, no
   * user involved.
   */
  grant?: 'client_credentials';
  /**
   * The scopes asked for: a machine client's, each time it asks for a token; a person's, at the
   * sign-in (a step-up keeps them when it asks for more, whether or not the tokens name them).
   */
  scope?: string;
}

/**
 * Where a kept client came from: as kept, or (a file from before that was kept) by its shape; a
 * machine client is always given by hand.
 */
export function clientKindOf(kept: SignIn): NonNullable<SignIn['clientKind']> | undefined {
  if (!kept.client) return undefined;
  if (kept.grant === 'client_credentials') return 'given';
  return kept.clientKind ?? ('redirect_uris' in kept.client ? 'registered' : 'given');
}

export interface OAuthStore {
  get(serverUrl: string): Promise<SignIn | undefined>;
  update(serverUrl: string, change: (current: SignIn) => SignIn | undefined): Promise<void>;
  /** The file, for messages. */
  readonly file: string;
  /** Where the sign-ins are kept, in words, where more than the file says (the system keychain). */
  readonly keptIn?: string;
}

/** Encrypts the sign-ins with a key the system keeps (the desktop's safeStorage). */
export interface Seal {
  seal(text: string): string;
  /** Throws when this system's keychain cannot open it. */
  open(sealed: string): string;
}

const sealedSchema = z.object({ kind: z.literal(KIND), version: z.literal(1), sealed: z.string() });
const serversSchema = z.record(
  z.string(),
  z.object({
    client: z.looseObject({ client_id: z.string() }).optional(),
    tokens: z.looseObject({ access_token: z.string(), token_type: z.string() }).optional(),
    savedAt: z.number().optional(),
    clientKind: z.enum(['registered', 'given', 'metadata-document']).optional(),
    grant: z.literal('client_credentials').optional(),
    scope: z.string().optional(),
    issuer: z.string().optional(),
  }),
);
const fileSchema = z.object({
  kind: z.literal(KIND),
  version: z.literal(1),
  servers: serversSchema,
});

export function defaultOAuthFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONTEXT_SIGN_INS) return env.MCP_CONTEXT_SIGN_INS;
  const config =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : join(homedir(), '.config'));
  return join(config, 'mcp-context-inspector', 'sign-ins.json');
}

/** The key of a server: its URL without fragment (a query may name a tenant). */
export const serverKeyOf = (url: string) => {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
};

export function createOAuthStore(file: string = defaultOAuthFile(), seal?: Seal): OAuthStore {
  // One change at a time, each reading what the last wrote.
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<Record<string, SignIn>> {
    let text: string;
    try {
      text = await readRegularFile(file, MAX_SIGN_INS_BYTES);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      const why = whyNotRead(error, 'a file of sign-ins');
      throw new Error(`the sign-ins in ${file} cannot be read (${why}); it is left as it is`, {
        cause: error,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const sealed = sealedSchema.safeParse(json);
    if (sealed.success) {
      if (!seal)
        throw new Error(
          `the sign-ins in ${file} are sealed with the desktop app's keychain; it is left as it is`,
        );
      try {
        json = { kind: KIND, version: 1, servers: JSON.parse(seal.open(sealed.data.sealed)) };
      } catch (error) {
        throw new Error(
          `the sign-ins in ${file} cannot be opened with this system's keychain (${error instanceof Error ? error.message : String(error)}); it is left as it is: move it away to sign in again`,
          { cause: error },
        );
      }
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `${file} is not a sign-ins file of this app; it is left as it is: move it away to sign in again`,
      );
    return parsed.data.servers as Record<string, SignIn>;
  }

  return {
    file,
    ...(seal && { keptIn: `${file}, sealed with the system keychain` }),
    async get(serverUrl) {
      await queue.catch(() => undefined);
      return (await load())[serverKeyOf(serverUrl)];
    },
    update(serverUrl, change) {
      const run = queue
        .catch(() => undefined)
        .then(async () => {
          const servers = await load();
          const key = serverKeyOf(serverUrl);
          const next = change(servers[key] ?? {});
          if (next === undefined) delete servers[key];
          else servers[key] = next;
          await mkdir(dirname(file), { recursive: true, mode: 0o700 });
          const body = seal
            ? { kind: KIND, version: 1, sealed: seal.seal(JSON.stringify(servers)) }
            : { kind: KIND, version: 1, servers };
          await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, 0o600);
        });
      queue = run;
      return run;
    },
  };
}

/**
 * The apps' sign-ins to remote servers: what is kept for each HTTP server and the steps of its
 * last sign-in, shown on its card and in its Auth panel (`ServerSnapshot.auth`, never a token or
 * a secret); a sign-in or sign-out on the user's click, after which the server is connected again.
 */
import type { HostApi, SignInRequest } from '../../shared/host-api';
import type { HostOptions } from './host-types';
import { HostError } from '../../shared/host-error';
import type {
  AuthFlow,
  AuthState,
  AuthStepKind,
  KeptSignIn,
  ServerConfig,
  ServerId,
  ServerSnapshot,
} from '../../shared/mcp-types';
import { cliSignIn, keptProviderFor, type SignInHow } from './auth/oauth-kept';
import { signIn } from './auth/oauth-sign-in';
import { signInMachine } from './auth/oauth-sign-in-machine';
import { bounded } from './auth/oauth-words';
import { signOut } from './auth/oauth-sign-out';
import { clientKindOf, type OAuthStore, type SignIn } from './auth/oauth-store';
import type { SignInReturn } from './auth/sign-in-return';

export interface HostAuthDeps {
  store: OAuthStore;
  /** Where the browser comes back (browser mode: its own origin; else loopback). */
  via?: SignInReturn;
  /**
   * Opens the authorization URL in the system's browser (the desktop app); browser mode's page
   * opens a tab itself.
   */
  openBrowser?(url: URL): void;
  how: SignInHow;
  config(serverId: ServerId): ServerConfig | undefined;
  /** Tells the windows that a server's auth changed (a `server` event, decorated). */
  changed(serverId: ServerId): void;
  /** Connects the server again (with the sign-in now kept); resolves with its snapshot. */
  reconnect(serverId: ServerId): Promise<ServerSnapshot | undefined>;
}

interface Entry {
  url: string;
  kept?: KeptSignIn;
  problem?: string;
  flow?: AuthFlow;
  running?: AbortController;
  status?: string;
}

/** What a window may see of what is kept: never a token or a secret. */
function keptSummary(kept: SignIn | undefined): KeptSignIn | undefined {
  const machine = kept?.grant === 'client_credentials';
  if (!kept?.client || (!kept.tokens && !machine)) return undefined;
  const client = kept.client;
  const tokens = kept.tokens;
  return {
    grant: machine ? 'client-credentials' : 'authorization-code',
    clientId: bounded(client.client_id, 200),
    client: clientKindOf(kept) ?? 'given',
    scopes: (tokens?.scope ?? kept.scope ?? '')
      .split(' ')
      .filter(Boolean)
      .slice(0, 50)
      .map((scope) => bounded(scope, 200)),
    ...(tokens?.expires_in !== undefined &&
      kept.savedAt !== undefined && {
        expiresAt: new Date(kept.savedAt + tokens.expires_in * 1000).toISOString(),
      }),
    refreshable: machine || Boolean(tokens?.refresh_token),
  };
}

const remoteUrl = (config: ServerConfig | undefined) =>
  config && config.transport.kind !== 'stdio' ? config.transport.url : undefined;

export function createHostAuth(deps: HostAuthDeps) {
  const entries = new Map<ServerId, Entry>();
  const byRequest = new Map<string, AbortController>();

  /** Reads what is kept for the servers at `url` again, and tells the windows where it changed. */
  const reread = async (url: string) => {
    const kept = await deps.store.get(url).then(
      (value) => ({ summary: keptSummary(value) }),
      (error: unknown) => ({ problem: error instanceof Error ? error.message : String(error) }),
    );
    for (const [serverId, entry] of entries) {
      if (entry.url !== url) continue;
      const summary = 'summary' in kept ? kept.summary : entry.kept;
      const problem = 'problem' in kept ? kept.problem : undefined;
      if (JSON.stringify([summary, problem]) === JSON.stringify([entry.kept, entry.problem]))
        continue;
      entry.kept = summary;
      entry.problem = problem;
      deps.changed(serverId);
    }
  };
  // Every change to what is kept (a sign-in, a refresh mid-listing, a token refused) is shown.
  const store: OAuthStore = {
    file: deps.store.file,
    get: (url) => deps.store.get(url),
    update: async (url, change) => {
      await deps.store.update(url, change);
      void reread(url).catch(() => {});
    },
  };

  const flowOf = (serverId: ServerId, entry: Entry, machine: boolean) => {
    const flow: AuthFlow = {
      state: 'running',
      ...(machine && { machine: true as const }),
      startedAt: new Date().toISOString(),
      steps: [],
    };
    entry.flow = flow;
    const step = (kind: AuthStepKind, state: 'running' | 'done' | 'failed', detail: string) => {
      if (entry.flow !== flow) return;
      const steps = flow.steps.filter((one) => one.kind !== kind);
      // An authorization server's words (an error_description) are its own: bounded.
      flow.steps = [...steps, { kind, state, detail: bounded(detail) }];
      if (kind === 'authorize' && state !== 'running') delete flow.authorizeUrl;
      deps.changed(serverId);
    };
    return { flow, step };
  };

  return {
    /** The store the connections read: its changes are shown. */
    store,
    providerFor: keptProviderFor(store, deps.how),
    /** The snapshot with its auth, for an HTTP server. */
    decorate(server: ServerSnapshot): ServerSnapshot {
      const entry = entries.get(server.id);
      if (!entry) return server;
      // Asked each time: the desktop's store knows whether it seals only once the app is ready.
      const keptIn = deps.store.keptIn ?? `${deps.store.file}, which only you may read`;
      const auth: AuthState = {
        keptIn,
        ...(entry.kept && { kept: entry.kept }),
        ...(entry.flow && { flow: { ...entry.flow, steps: entry.flow.steps.slice() } }),
        ...(entry.problem && { problem: entry.problem }),
      };
      return { ...server, auth };
    },
    /**
     * A server event: an HTTP server is tracked, and what is kept read again when its status
     * changes.
     */
    observe(server: ServerSnapshot): void {
      const url = remoteUrl(deps.config(server.id));
      if (!url) return;
      let entry = entries.get(server.id);
      if (!entry) entries.set(server.id, (entry = { url }));
      if (entry.status === server.status) return;
      entry.status = server.status;
      void reread(url).catch(() => {});
    },
    forget(serverId: ServerId): void {
      entries.get(serverId)?.running?.abort();
      entries.delete(serverId);
    },

    async signIn(serverId: ServerId, request: SignInRequest, requestId?: string): Promise<void> {
      const config = deps.config(serverId);
      const url = remoteUrl(config);
      if (!config) throw new HostError('unknown-server', `no server with id ${serverId}`);
      if (!url)
        throw new HostError(
          'invalid-input',
          `${config.name} is a local server: it takes no sign-in`,
        );
      if (request.clientCredentials && (!request.clientId || !request.clientSecret))
        throw new HostError(
          'invalid-input',
          'a machine client (client credentials) needs its client id and secret',
        );
      if (request.clientSecret !== undefined && !request.clientId)
        throw new HostError('invalid-input', 'a client secret needs its client id');
      if (request.clientMetadataUrl && (request.clientId || request.clientCredentials))
        throw new HostError(
          'invalid-input',
          'a client metadata document is the client id itself: give it or a client id, not both',
        );
      const entry = entries.get(serverId) ?? { url };
      entries.set(serverId, entry);
      // Signing in again (the tab was closed, the browser never opened) starts over.
      entry.running?.abort();
      const controller = new AbortController();
      entry.running = controller;
      if (requestId) byRequest.set(requestId, controller);
      // Before the flow is shown: a page sends its tab once the flow names its attempt.
      const forgetAttempt = request.attempt ? deps.via?.expect?.(request.attempt) : undefined;
      const { flow, step } = flowOf(serverId, entry, request.clientCredentials === true);
      if (request.attempt && !request.clientCredentials) flow.attempt = request.attempt;
      deps.changed(serverId);
      try {
        if (request.clientCredentials) {
          await signInMachine(
            url,
            store,
            { id: request.clientId as string, secret: request.clientSecret as string },
            {
              ...(request.scope && { scope: request.scope }),
              onStep: step,
              signal: controller.signal,
            },
          );
        } else {
          await signIn(url, store, {
            show: (at) => {
              // A URL past 8 KB is no address a browser takes from a page: the step says where it
              // waits instead.
              if (at.href.length <= 8192) flow.authorizeUrl = at.href;
              deps.changed(serverId);
            },
            ...(deps.openBrowser && { open: deps.openBrowser }),
            ...(deps.via && { via: deps.via }),
            ...(request.attempt && { attempt: request.attempt }),
            ...(request.clientId && {
              client: {
                id: request.clientId,
                ...(request.clientSecret !== undefined && { secret: request.clientSecret }),
              },
            }),
            ...(request.clientMetadataUrl && { clientMetadataUrl: request.clientMetadataUrl }),
            ...(request.scope && { scope: request.scope }),
            signal: controller.signal,
            onStep: step,
          });
        }
        await reread(url);
        step('connect', 'running', `connecting to ${config.name} with the sign-in`);
        const server = await deps.reconnect(serverId);
        if (server?.status === 'connected')
          step(
            'connect',
            'done',
            `connected${server.protocolVersion ? ` (protocol ${server.protocolVersion})` : ''}: the catalog is listed with the sign-in`,
          );
        else step('connect', 'failed', server?.disconnect?.reason ?? 'the server is gone');
        flow.state = server?.status === 'connected' ? 'done' : 'failed';
        if (flow.state === 'failed') {
          flow.error = bounded(server?.disconnect?.reason ?? 'the server is gone');
          throw new HostError(
            'disconnected',
            `signed in, but ${config.name} did not connect with it: ${flow.error}`,
          );
        }
      } catch (error) {
        if (error instanceof HostError && flow.state === 'failed') throw error;
        const message = bounded(error instanceof Error ? error.message : String(error));
        flow.state = controller.signal.aborted ? 'cancelled' : 'failed';
        flow.error = message;
        delete flow.authorizeUrl;
        throw new HostError(controller.signal.aborted ? 'cancelled' : 'server-error', message);
      } finally {
        forgetAttempt?.();
        if (entry.running === controller) delete entry.running;
        if (requestId) byRequest.delete(requestId);
        deps.changed(serverId);
      }
    },

    /**
     * Forgets the server's sign-in (its tokens revoked where offered), connects it again, and says
     * what happened.
     */
    async signOut(serverId: ServerId): Promise<string> {
      const config = deps.config(serverId);
      const url = remoteUrl(config);
      if (!config) throw new HostError('unknown-server', `no server with id ${serverId}`);
      if (!url)
        throw new HostError(
          'invalid-input',
          `${config.name} is a local server: it takes no sign-in`,
        );
      entries.get(serverId)?.running?.abort();
      const { had, revoked } = await signOut(url, store, () => deps.reconnect(serverId));
      await reread(url);
      return had
        ? `Signed out of ${new URL(url).host}: the sign-in is forgotten; its tokens ${revoked}.`
        : `No sign-in was kept for ${new URL(url).host}.`;
    },

    /** True when `requestId` named a sign-in (it stops, as cancelled). */
    cancel(requestId: string): boolean {
      const controller = byRequest.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    closeAll(): void {
      for (const entry of entries.values()) entry.running?.abort();
    },
  };
}

export type HostAuth = ReturnType<typeof createHostAuth>;

/** The host's sign-ins where its options keep them (the CLI and the apps; never a replay). */
export function createHostAuthFor(
  options: Pick<HostOptions, 'signIns' | 'signInReturn' | 'openBrowser' | 'signInHow'>,
  parts: Pick<HostAuthDeps, 'config' | 'changed' | 'reconnect'>,
): HostAuth | undefined {
  if (!options.signIns) return undefined;
  return createHostAuth({
    store: options.signIns,
    ...(options.signInReturn && { via: options.signInReturn }),
    ...(options.openBrowser && { openBrowser: options.openBrowser }),
    how: options.signInHow ?? cliSignIn,
    ...parts,
  });
}

const noSignIns = async (): Promise<never> => {
  throw new HostError('not-supported', 'this host keeps no sign-ins (a replayed capture)');
};

/** The HostApi's sign-in calls, or refusals where the host keeps no sign-ins. */
export function signInCalls(auth: HostAuth | undefined): Pick<HostApi, 'signIn' | 'signOut'> {
  return auth
    ? { signIn: auth.signIn, signOut: auth.signOut }
    : { signIn: noSignIns, signOut: noSignIns };
}

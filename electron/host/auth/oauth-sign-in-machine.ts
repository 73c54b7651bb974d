/**
 * Signing a machine client in (the client credentials grant): no user, no browser; a first token
 * asked for at once.
 */
import { auth } from '@modelcontextprotocol/client';
import type { AuthStepKind } from '../../../shared/mcp-types';
import { describeTokens, discover, failure, type StepReport } from './oauth-discovery';
import { issuerOf } from './oauth-issuer';
import { machineProvider } from './oauth-kept';
import type { OAuthStore, SignIn } from './oauth-store';
import { stoppable } from './refresh-once';

/**
 * Signs a machine client in: its id and secret kept (0600), a first token asked for now, so a wrong
 * secret is said at once.
 */
export async function signInMachine(
  serverUrl: string,
  store: OAuthStore,
  client: { id: string; secret: string },
  options: { scope?: string; onStep?: StepReport; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<SignIn> {
  const { scope } = options;
  const step: StepReport = options.onStep ?? (() => {});
  let current: AuthStepKind | undefined;
  const stop = new AbortController();
  const at: StepReport = (kind, state, detail) => {
    if (stop.signal.aborted) return;
    current = state === 'running' ? kind : undefined;
    step(kind, state, detail);
  };
  const cancel = () => stop.abort(new Error('the sign-in was cancelled'));
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(
    () =>
      stop.abort(
        new Error(
          `the authorization server did not answer within ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s`,
        ),
      ),
    options.timeoutMs ?? 60_000,
  );
  const fetchFn = stoppable(stop.signal);
  // Tried in memory first: a wrong secret or a refusal leaves what was kept as it was.
  const trial: SignIn = {
    client: { client_id: client.id, client_secret: client.secret },
    clientKind: 'given',
    grant: 'client_credentials',
    ...(scope && { scope }),
  };
  const memory: OAuthStore = {
    file: store.file,
    get: async () => trial,
    update: async (_url, change) => void Object.assign(trial, change(trial) ?? {}),
  };
  try {
    const { challenged, ...found } = await discover(serverUrl, at, fetchFn);
    // The client was given for this authorization server: it is never offered to another.
    trial.issuer = issuerOf(found);
    // The user's scopes, else those the server's 401 names; kept are only the user's.
    const asked = scope ?? challenged;
    at(
      'client',
      'done',
      `the machine client you gave: ${client.id} (the client credentials grant)`,
    );
    at(
      'token',
      'running',
      `asking for a token with the client's secret${asked ? `, for the scopes ${asked}` : ''}`,
    );
    const provider = {
      ...machineProvider(memory, serverUrl, scope),
      discoveryState: () => found,
      saveDiscoveryState: () => {},
    };
    await auth(provider, { serverUrl, fetchFn, ...(asked && { scope: asked }) });
    if (stop.signal.aborted) throw stop.signal.reason;
    at('token', 'done', describeTokens(trial.tokens));
  } catch (error) {
    throw failure(stop.signal.aborted ? stop.signal.reason : error, () => current, step);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  await store.update(serverUrl, () => trial);
  return trial;
}

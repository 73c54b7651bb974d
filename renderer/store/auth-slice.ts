/**
 * The auth slice: which server the Auth panel shows, and the user's sign-ins and sign-outs.
 * What a server's sign-in is (kept, and the steps of the last one) is the host's, on the
 * server's snapshot (`auth`); this keeps only what the last click said and how to cancel it.
 */
import type { ServerId } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { AppState, AuthSlice, SignInTab, SliceCreator } from './app-state';
import { describeError } from './describe-error';

const randomId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function createAuthSlice(
  api: Pick<WindowApi, 'signIn' | 'signOut' | 'cancelRequest'>,
  signInTab: SignInTab | undefined,
): SliceCreator<AuthSlice> {
  const running = new Map<ServerId, string>();
  return (set, get, store) => {
    const say = (serverId: ServerId, said: AuthSlice['authSaid'][string] | undefined) =>
      set((state) => {
        const { [serverId]: _old, ...rest } = state.authSaid;
        return { authSaid: said ? { ...rest, [serverId]: said } : rest };
      });
    return {
      authServer: undefined,
      setAuthServer: (authServer) => set({ authServer }),
      showAuth: (serverId) =>
        set({ authServer: serverId, protocolOpen: true, protocolTab: 'auth' }),
      authSaid: {},
      signInTabs: signInTab !== undefined,
      signIn(serverId, request = {}) {
        const requestId = `sign-in-${randomId()}`;
        const previous = running.get(serverId);
        if (previous) void api.cancelRequest(previous);
        running.set(serverId, requestId);
        // Browser mode: the tab opens now, in the user's click, or the browser blocks it. It goes to
        // the sign-in once the host shows it expects this attempt: a tab nobody expects is refused.
        const attempt = signInTab && !request.clientCredentials ? randomId() : undefined;
        const tab = attempt ? signInTab?.(attempt) : undefined;
        const expected = (state: { servers: AppState['servers'] }) =>
          state.servers[serverId]?.auth?.flow?.attempt === attempt;
        let stopWaiting = () => {};
        if (tab?.opened)
          stopWaiting = store.subscribe((state) => {
            if (!expected(state)) return;
            stopWaiting();
            tab.go();
          });
        const settled = () => {
          stopWaiting();
          // Over before the tab was sent (refused, or cancelled): it is closed, not left blank.
          tab?.drop();
        };
        say(
          serverId,
          tab?.opened === false
            ? {
                error: true,
                text: 'The browser blocked the sign-in tab: open it with the link below.',
                attempt,
              }
            : attempt
              ? { error: false, text: '', attempt }
              : undefined,
        );
        get().showAuth(serverId);
        api.signIn(serverId, { ...request, ...(attempt && { attempt }) }, requestId).then(
          () => {
            settled();
            if (running.get(serverId) === requestId) running.delete(serverId);
            say(serverId, undefined);
          },
          (error: unknown) => {
            settled();
            if (running.get(serverId) !== requestId) return;
            running.delete(serverId);
            const { code, message } = describeError(error);
            // Signed in, but the server did not connect with it: said as such, not as a failed
            // sign-in.
            say(
              serverId,
              code === 'cancelled'
                ? undefined
                : {
                    error: true,
                    text:
                      code === 'disconnected'
                        ? `${message.charAt(0).toUpperCase()}${message.slice(1)}`
                        : `The sign-in failed: ${message}`,
                  },
            );
          },
        );
      },
      cancelSignIn(serverId) {
        const requestId = running.get(serverId);
        if (requestId) void api.cancelRequest(requestId);
      },
      async signOut(serverId) {
        if (get().authSaid[serverId]?.busy) return;
        say(serverId, { error: false, text: 'Signing out…', busy: true });
        try {
          say(serverId, { error: false, text: await api.signOut(serverId) });
        } catch (error) {
          say(serverId, {
            error: true,
            text: `The sign-out failed: ${describeError(error).message}`,
          });
        }
      },
    };
  };
}

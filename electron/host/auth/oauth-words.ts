/**
 * What a sign-in refuses to go through, and the SDK's words for a failure said for a user.
 */
import { RegistrationRejectedError } from '@modelcontextprotocol/client';

/**
 * An authorization server over plain http is refused, but on loopback (RFC 8252's 127.0.0.1,
 * ::1, localhost): a token there would cross the network in the clear.
 */
export function insecureAuthorizationServer(
  url: string,
  what = 'the authorization server',
): string | undefined {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname))
    return undefined;
  return `${what} ${parsed.host} is not on https: a sign-in there would send the token in the clear; refused`;
}

/**
 * What a sign-in must not go through: an authorization server, or a step of it, in the clear; one
 * without PKCE S256.
 */
export function refusedServer(
  serverUrl: string,
  found: {
    authorizationServerUrl: string;
    authorizationServerMetadata?: Record<string, unknown> | undefined;
  },
): string | undefined {
  const mcp = insecureAuthorizationServer(serverUrl, 'the MCP server');
  if (mcp) return mcp;
  const metadata = found.authorizationServerMetadata;
  if (!metadata)
    return `the authorization server ${new URL(found.authorizationServerUrl).host} publishes no metadata (RFC 8414 or OpenID discovery), so its support of PKCE with S256 cannot be known; refused`;
  for (const url of [
    found.authorizationServerUrl,
    metadata.authorization_endpoint,
    metadata.token_endpoint,
    metadata.registration_endpoint,
  ]) {
    const insecure = typeof url === 'string' ? insecureAuthorizationServer(url) : undefined;
    if (insecure) return insecure;
  }
  const methods = metadata.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256'))
    return `the authorization server does not say it supports PKCE with S256 (code_challenge_methods_supported), which MCP requires; refused`;
  return undefined;
}

/**
 * An authorization server's words are its own: at most this many characters of them go anywhere.
 */
export const bounded = (text: string, max = 1000) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** The SDK's words for what went wrong while signing in, said for a user. */
export function saidForUser(
  error: unknown,
  giveClient = 'give its client id (and secret, if it has one)',
): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/does not support dynamic client registration/i.test(message))
    return new Error(
      `the authorization server has no registration endpoint and no client id was given: register a client there, then ${giveClient}`,
      { cause: error },
    );
  const code = (error as { code?: unknown } | undefined)?.code;
  // A registration refused: its RFC 7591 error in words, never the raw body (an HTML page,
  // megabytes).
  if (error instanceof RegistrationRejectedError) {
    let said = `HTTP ${error.status}`;
    try {
      const body = JSON.parse(error.body) as { error?: unknown; error_description?: unknown };
      said =
        [body.error, body.error_description]
          .filter((part) => typeof part === 'string')
          .join(': ') || said;
    } catch {
      // Not JSON: the status says enough.
    }
    return new Error(
      `the authorization server refused to register this app (${said.slice(0, 500)})`,
      { cause: error },
    );
  }
  if (/invalid_client(?!_)|unknown client|wrong secret/i.test(message) || code === 'invalid_client')
    return new Error(`the authorization server refused this client id and secret (${message})`, {
      cause: error,
    });
  if (
    /registration/i.test(message) &&
    /reject|refus|invalid_client_metadata|invalid_redirect_uri/i.test(`${message} ${String(code)}`)
  )
    return new Error(`the authorization server refused to register this app (${message})`, {
      cause: error,
    });
  if (/invalid_grant/i.test(message) || code === 'invalid_grant')
    return new Error(
      `the authorization server refused the code (expired, used, or not for this redirect): start again (${message})`,
      { cause: error },
    );
  if (/Existing OAuth client information is required/i.test(message))
    return new Error(
      "the authorization server refused this app's client while exchanging the code: start again",
      { cause: error },
    );
  if (/clientMetadataUrl must be/i.test(message))
    return new Error('the client metadata document must be an https URL with a path', {
      cause: error,
    });
  return error instanceof Error ? error : new Error(message);
}

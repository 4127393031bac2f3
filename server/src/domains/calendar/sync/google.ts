import type { OidcProviderConfig } from '../../../config';
import { CalDavAccountError } from './calDavClient';

/**
 * Google Calendar over CalDAV: Google's endpoint with an OAuth 2.0 access token of the Google sign-in
 * client (config.oidc.google). The account keeps a refresh token (encrypted like a password); each sync run
 * exchanges it for an access token at Google's token endpoint. The refresh token must carry the
 * https://www.googleapis.com/auth/calendar scope. The endpoint is config.calendar.googleCalDavUrl (GOOGLE_CALDAV_URL).
 */
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';

/** The principal of a Google account's calendars: its e-mail address is the id of its primary calendar. */
export const googlePrincipalUrl = (googleCalDavUrl: string, email: string) => `${googleCalDavUrl}${encodeURIComponent(email)}/user`;

interface TokenEndpoint {
  url: string;
  /** HTTP Basic, as the sign-in authenticates the same client, when the issuer lists it; else the secret in the body. */
  basicAuthentication: boolean;
}

/** The token endpoint the sign-in configuration's issuer names (its discovery document), else Google's own. */
async function tokenEndpointOf(google: OidcProviderConfig, timeoutMs: number): Promise<TokenEndpoint> {
  try {
    const response = await fetch(
      new URL('.well-known/openid-configuration', google.issuer.endsWith('/') ? google.issuer : `${google.issuer}/`),
      {
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    const document = (await response.json()) as { token_endpoint?: unknown; token_endpoint_auth_methods_supported?: unknown };
    if (response.ok && typeof document.token_endpoint === 'string') {
      const methods = document.token_endpoint_auth_methods_supported;
      return { url: document.token_endpoint, basicAuthentication: Array.isArray(methods) && methods.includes('client_secret_basic') };
    }
  } catch {
    // Google's discovery document unreachable: its token endpoint is well known.
  }
  return { url: googleTokenUrl, basicAuthentication: false };
}

/** RFC 6749 §2.3.1: the client id and secret are form-encoded before they are joined for Basic. */
const formEncoded = (text: string) => new URLSearchParams({ value: text }).toString().slice('value='.length);

export function tokenRequest(
  google: Pick<OidcProviderConfig, 'clientId' | 'clientSecret'>,
  refreshToken: string,
  basicAuthentication: boolean,
): { headers: Record<string, string>; body: URLSearchParams } {
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basicAuthentication) {
    const credentials = `${formEncoded(google.clientId)}:${formEncoded(google.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else {
    body.set('client_id', google.clientId);
    body.set('client_secret', google.clientSecret);
  }
  return { headers, body };
}

export async function googleAccessToken(google: OidcProviderConfig, refreshToken: string, timeoutMs: number): Promise<string> {
  const tokenEndpoint = await tokenEndpointOf(google, timeoutMs);
  const { headers, body: requestBody } = tokenRequest(google, refreshToken, tokenEndpoint.basicAuthentication);
  let response: Response;
  try {
    response = await fetch(tokenEndpoint.url, {
      method: 'POST',
      headers,
      body: requestBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new CalDavAccountError('Google’s token endpoint could not be reached.', 'network');
  }
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; error?: unknown } | null;
  if (!response.ok || typeof body?.access_token !== 'string') {
    const reason = typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`;
    throw new CalDavAccountError(`Google refused the account’s authorisation (${reason}). Connect the Google account again.`);
  }
  return body.access_token;
}

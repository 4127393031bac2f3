import type { OidcProviderConfig } from '../../../config';
import { CalDavAccountError } from './calDavClient';

/**
 * Google Calendar over CalDAV: Google's endpoint with an OAuth 2.0 access token of the Google sign-in
 * client (config.oidc.google). The account keeps a refresh token (encrypted like a password); each sync run
 * exchanges it for an access token at Google's token endpoint. The refresh token must carry the
 * https://www.googleapis.com/auth/calendar scope.
 */
export const googleCalDavUrl = 'https://apidata.googleusercontent.com/caldav/v2/';
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';

/** The principal of a Google account's calendars: its e-mail address is the id of its primary calendar. */
export const googlePrincipalUrl = (email: string) => `${googleCalDavUrl}${encodeURIComponent(email)}/user`;

/** The token endpoint the sign-in configuration's issuer names (its discovery document), else Google's own. */
async function tokenEndpointOf(google: OidcProviderConfig, timeoutMs: number): Promise<string> {
  try {
    const response = await fetch(
      new URL('.well-known/openid-configuration', google.issuer.endsWith('/') ? google.issuer : `${google.issuer}/`),
      {
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    const document = (await response.json()) as { token_endpoint?: unknown };
    if (response.ok && typeof document.token_endpoint === 'string') return document.token_endpoint;
  } catch {
    // Google's discovery document unreachable: its token endpoint is well known.
  }
  return googleTokenUrl;
}

export async function googleAccessToken(google: OidcProviderConfig, refreshToken: string, timeoutMs: number): Promise<string> {
  const tokenEndpoint = await tokenEndpointOf(google, timeoutMs);
  let response: Response;
  try {
    response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      }),
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

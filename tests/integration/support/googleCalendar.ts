// A stand-in for Google in the calendar consent tests: a real OpenID Connect provider (oidc-provider) as the
// Google sign-in issuer, giving refresh tokens for the calendar scope as Google does for access_type=offline, and
// a CalDAV endpoint that accepts only the bearer access tokens that provider issued (checked by introspection)
// and forwards to Radicale with the user's Basic credentials, as Google's CalDAV endpoint stands in front of
// Google Calendar.
import { randomBytes } from 'node:crypto';
import { createServer, request, type RequestListener } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations
import ProviderModule from 'oidc-provider';
import { authorization, type RadicalePeer, type RadicaleUser } from './radicale';

const Provider = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => { callback(): RequestListener };

export const calendarScope = 'https://www.googleapis.com/auth/calendar';

export interface GoogleIssuer {
  issuer: string;
  client: { id: string; secret: string };
  /** Provider accounts by login: the e-mail the ID token carries. */
  accounts: Map<string, { email: string; email_verified: boolean }>;
  /** Off: the provider grants the consent but gives no refresh token (as Google does without access_type=offline). */
  issueRefreshTokens: boolean;
  /** Refresh-token grants the token endpoint answered, in order. */
  refreshGrants: number;
  /** Whether the provider issued this access token, unexpired, with the calendar scope (its introspection). */
  grantsCalendar(accessToken: string): Promise<boolean>;
  close(): Promise<void>;
}

/** oidc-provider on a free port, with one confidential client whose redirect URI is the app's consent callback. */
export async function startGoogleIssuer(publicUrl: string): Promise<GoogleIssuer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const client = { id: 'workspace-google', secret: randomBytes(12).toString('hex') };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const state: GoogleIssuer = {
    issuer,
    client,
    accounts: new Map(),
    issueRefreshTokens: true,
    refreshGrants: 0,
    async grantsCalendar(accessToken) {
      const response = await fetch(`${issuer}/token/introspection`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token: accessToken }),
      });
      const body = (await response.json()) as { active?: boolean; scope?: string; token_type?: string };
      return body.active === true && body.token_type !== 'refresh_token' && (body.scope ?? '').split(' ').includes(calendarScope);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        grant_types: ['authorization_code', 'refresh_token'],
        redirect_uris: [`${publicUrl}/calendar/google/callback`, `${publicUrl}/auth/google/callback`],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'google-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    scopes: ['openid', 'email', 'offline_access', calendarScope],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // E-mail in the ID token, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, introspection: { enabled: true } },
    // Google gives a refresh token for access_type=offline without the offline_access scope, and keeps it on use.
    issueRefreshToken: (_context: unknown, registered: { grantTypeAllowed(type: string): boolean }) =>
      state.issueRefreshTokens && registered.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: false,
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, RefreshToken: 3600 },
    findAccount: (_context: unknown, id: string) => {
      const account = state.accounts.get(id);
      return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  (provider as unknown as { on(event: string, listener: (context: { oidc: { params?: { grant_type?: string } } }) => void): void }).on(
    'grant.success',
    (context) => {
      if (context.oidc.params?.grant_type === 'refresh_token') state.refreshGrants += 1;
    },
  );
  server.on('request', provider.callback());
  return state;
}

export interface GoogleCalDavEndpoint {
  /** GOOGLE_CALDAV_URL (with its trailing slash). */
  url: string;
  /** The bearer tokens it accepted, in order. */
  acceptedTokens: string[];
  refusedRequests: number;
  close(): Promise<void>;
}

/**
 * Google's CalDAV endpoint in front of Radicale: `/<e-mail>/user` (the principal Google names) is the Radicale
 * user's principal; every request needs a bearer token the issuer granted with the calendar scope.
 */
export async function startGoogleCalDav(
  issuer: GoogleIssuer,
  radicale: RadicalePeer,
  users: Map<string, RadicaleUser>,
): Promise<GoogleCalDavEndpoint> {
  const upstream = new URL(radicale.url);
  const state = { acceptedTokens: [] as string[], refusedRequests: 0 };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const header = incoming.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!token || !(await issuer.grantsCalendar(token))) {
          state.refusedRequests += 1;
          response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
          return;
        }
        if (!state.acceptedTokens.includes(token)) state.acceptedTokens.push(token);
        let path = incoming.url ?? '/';
        let user: RadicaleUser | undefined;
        const principal = /^\/([^/]+)\/user\/?$/.exec(path);
        if (principal) {
          user = users.get(decodeURIComponent(principal[1]!));
          if (user) path = `/${user.username}/`;
        } else {
          const owner = [...users.values()].find((candidate) => path.startsWith(`/${candidate.username}/`));
          user = owner;
        }
        if (!user) {
          response.writeHead(404).end();
          return;
        }
        const headers = { ...incoming.headers, host: upstream.host, authorization: authorization(user) };
        const forwarded = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers }, (answer) => {
          if (!principal) {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            return;
          }
          // The principal answers under the address it was asked at (Google's), its calendar home under Radicale's.
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const body = Buffer.from(
              Buffer.concat(parts)
                .toString()
                .replace(/<((?:\w+:)?href)>[^<]*<\/\1>/, (_match, tag: string) => `<${tag}>${incoming.url}</${tag}>`),
            );
            response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': String(body.length) });
            response.end(body);
          });
        });
        forwarded.on('error', () => response.destroy());
        forwarded.end(Buffer.concat(chunks));
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    get acceptedTokens() {
      return state.acceptedTokens;
    },
    get refusedRequests() {
      return state.refusedRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

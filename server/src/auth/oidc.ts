import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { isSupportedLanguage, type Language } from '#shared/constants';
import { isValidEmail } from '#shared/email';
import type { ErrorCode } from '#shared/errors';
import type { Config, OidcProviderName } from '../config';
import type { RedisConnections } from '../core/redis/connection';
import { DomainError } from '../errors';

export const socialProviderNames = ['google', 'microsoft'] as const satisfies readonly OidcProviderName[];

export function isSocialProviderName(value: string): value is OidcProviderName {
  return (socialProviderNames as readonly string[]).includes(value);
}

/** What a provider vouches for, once signature, audience, expiry and e-mail verification are checked. */
export interface VerifiedIdentity {
  provider: OidcProviderName;
  subject: string;
  /** Lower-cased. */
  email: string;
  firstname: string;
  lastname: string;
  language: Language;
}

/** Sign-up context from the link that started the sign-in (SPEC §7), carried across the round trip. */
export type SignInContext = Partial<Record<'project' | 'invited' | 'promotion' | 'codes', string>>;

export interface PendingSignIn {
  provider: OidcProviderName;
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
  context: SignInContext;
  /** 'signIn', or another grant's purpose: a sealed state of one purpose is refused by the other's callback. */
  purpose: string;
  redirectUri: string;
  /** Whom another grant was started for (e.g. member and team); the callback compares it with who finishes it. */
  binding: string | null;
}

/** A grant other than sign-in (e.g. calendar access): its own scope, redirect URI and extra parameters, bound to a member. */
export interface AuthorizationRequest {
  purpose: string;
  scope: string;
  redirectUri: string;
  binding: string;
  /** Extra authorization parameters, e.g. access_type=offline and prompt=consent for a Google refresh token. */
  parameters?: Record<string, string>;
}

/** A callback whose sealed state checked out (spent): who it was started for, before the code is redeemed. */
export interface CheckedCallback {
  readonly provider: OidcProviderName;
  readonly binding: string | null;
  readonly pending: Readonly<PendingSignIn>;
  readonly query: URLSearchParams;
}

/** What another grant's code bought: the verified identity and the tokens (a refresh token only when the provider gave one). */
export interface GrantedAuthorization {
  identity: VerifiedIdentity;
  accessToken: string;
  refreshToken: string | null;
}

export const pendingSignInLifetimeSeconds = 10 * 60;
const scope = 'openid email profile';
const nameLength = 100;
const signingAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface OidcProvidersOptions {
  /** Allows http:// issuers in production too; outside production they are allowed anyway (local test providers). */
  allowInsecureIssuers?: boolean;
  /** With several processes: sealed states are spent in Redis, so a callback replayed to another process is refused too. */
  redis?: RedisConnections | null;
}

/**
 * The configured OpenID Connect providers: discovery on first use (cached), the authorization code
 * flow with PKCE, state and nonce, and verification of ID tokens that native apps obtained themselves.
 * Failures are DomainErrors with a SOCIAL_* code; the provider's own explanation is kept in `cause`.
 */
export class OidcProviders {
  private readonly discoveries = new Map<OidcProviderName, Promise<oidc.Configuration>>();
  private readonly keySets = new Map<OidcProviderName, ReturnType<typeof createRemoteJWKSet>>();
  private readonly spentStates = new Map<string, number>();
  private readonly sealingKey: Buffer;

  constructor(
    private readonly config: Config,
    private readonly options: OidcProvidersOptions = {},
  ) {
    this.sealingKey = Buffer.from(hkdfSync('sha256', config.secret, 'workspace', 'social sign-in state', 32));
  }

  configured(): OidcProviderName[] {
    return socialProviderNames.filter((name) => this.config.oidc[name] !== null);
  }

  /** The redirect URI to register at the provider. */
  callbackUrl(provider: OidcProviderName): string {
    return `${this.config.publicUrl}/auth/${provider}/callback`;
  }

  /** The provider's authorization URL, and the sealed state the browser keeps until the callback. */
  begin(provider: OidcProviderName, context: SignInContext, now = Date.now()): Promise<{ authorizationUrl: URL; sealedState: string }> {
    return this.start(provider, { purpose: 'signIn', scope, redirectUri: this.callbackUrl(provider), binding: null, context }, now);
  }

  /** Checks the callback against the sealed state (once only), redeems the code and returns the identity. */
  async finish(
    provider: OidcProviderName,
    query: URLSearchParams,
    sealedState: string | undefined,
    now = Date.now(),
  ): Promise<{ identity: VerifiedIdentity; context: SignInContext }> {
    const checked = await this.checkCallback(provider, 'signIn', query, sealedState, now);
    const { identity } = await this.redeem(checked);
    return { identity, context: checked.pending.context };
  }

  /** Starts another grant than sign-in (its scope, redirect URI and parameters), sealed with whom it is for. */
  beginAuthorization(
    provider: OidcProviderName,
    request: AuthorizationRequest,
    now = Date.now(),
  ): Promise<{ authorizationUrl: URL; sealedState: string }> {
    return this.start(provider, { ...request, context: {} }, now);
  }

  /**
   * The first half of another grant's callback: the sealed state is checked (and spent) and the provider's
   * refusal reported, before the caller compares `binding` with who is finishing it; nothing is redeemed yet.
   */
  async checkAuthorization(
    provider: OidcProviderName,
    purpose: string,
    query: URLSearchParams,
    sealedState: string | undefined,
    now = Date.now(),
  ): Promise<CheckedCallback> {
    if (purpose === 'signIn') throw new DomainError('SOCIAL_STATE_MISMATCH');
    return await this.checkCallback(provider, purpose, query, sealedState, now);
  }

  /** The second half: redeems the code for the identity and the tokens. */
  finishAuthorization(checked: CheckedCallback): Promise<GrantedAuthorization> {
    return this.redeem(checked);
  }

  private async start(
    provider: OidcProviderName,
    request: Omit<AuthorizationRequest, 'binding'> & { binding: string | null; context: SignInContext },
    now: number,
  ): Promise<{ authorizationUrl: URL; sealedState: string }> {
    const configuration = await this.configuration(provider);
    const pending: PendingSignIn = {
      provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      expiresAt: now + pendingSignInLifetimeSeconds * 1000,
      context: request.context,
      purpose: request.purpose,
      redirectUri: request.redirectUri,
      binding: request.binding,
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      ...request.parameters,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl, sealedState: this.seal(pending) };
  }

  private async checkCallback(
    provider: OidcProviderName,
    purpose: string,
    query: URLSearchParams,
    sealedState: string | undefined,
    now: number,
  ): Promise<CheckedCallback> {
    this.settings(provider);
    const pending = sealedState ? this.unseal(sealedState) : null;
    if (
      !pending ||
      pending.provider !== provider ||
      pending.purpose !== purpose ||
      pending.expiresAt <= now ||
      query.get('state') !== pending.state ||
      !(await this.spend(pending, now))
    ) {
      throw new DomainError('SOCIAL_STATE_MISMATCH');
    }
    const providerError = query.get('error');
    if (providerError !== null) {
      const reason = new Error(`${providerError}: ${query.get('error_description') ?? 'no description'}`);
      throw failure(providerError === 'access_denied' ? 'SOCIAL_SIGN_IN_CANCELLED' : 'SOCIAL_PROVIDER_ERROR', reason);
    }
    return { provider, binding: pending.binding, pending, query };
  }

  private async redeem({ provider, pending, query }: CheckedCallback): Promise<GrantedAuthorization> {
    const configuration = await this.configuration(provider);
    let claims: Record<string, unknown>;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${pending.redirectUri}?${query}`), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the token response has no ID token');
      claims = { ...idToken };
      // Providers that follow OIDC to the letter put scope claims in userinfo rather than the ID token.
      if (idToken.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
      }
    } catch (error) {
      throw failure('SOCIAL_PROVIDER_ERROR', error);
    }
    return {
      identity: identityFrom(provider, claims, configuration.serverMetadata().issuer),
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
    };
  }

  /** Verifies an ID token a native app obtained from the provider: signature (JWKS), issuer, audience, expiry. */
  async verifyIdToken(provider: OidcProviderName, token: string): Promise<VerifiedIdentity> {
    const clientId = this.settings(provider).clientId;
    const metadata = (await this.configuration(provider)).serverMetadata();
    const keySet = this.keySet(provider, metadata.jwks_uri);
    const algorithms = metadata.id_token_signing_alg_values_supported?.filter((algorithm) => signingAlgorithms.includes(algorithm)) ?? [
      'RS256',
    ];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        audience: clientId,
        algorithms,
        requiredClaims: ['iss', 'sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (error) {
      throw failure(isTokenProblem(error) ? 'SOCIAL_TOKEN_INVALID' : 'SOCIAL_PROVIDER_ERROR', error);
    }
    if (!acceptedIssuers(metadata.issuer, payload).includes(payload.iss ?? '')) {
      throw failure('SOCIAL_TOKEN_INVALID', new Error(`unexpected issuer ${payload.iss}`));
    }
    return identityFrom(provider, payload, metadata.issuer);
  }

  private settings(provider: OidcProviderName) {
    const settings = this.config.oidc[provider];
    if (!settings) throw new DomainError('SOCIAL_SIGN_IN_UNAVAILABLE');
    return settings;
  }

  private allowsInsecure(url: URL): boolean {
    return (
      url.protocol === 'http:' &&
      (this.options.allowInsecureIssuers === true || this.config.oidcAllowHttpIssuer || this.config.environment !== 'production')
    );
  }

  private configuration(provider: OidcProviderName): Promise<oidc.Configuration> {
    const settings = this.settings(provider);
    let discovery = this.discoveries.get(provider);
    if (!discovery) {
      const issuer = new URL(settings.issuer);
      discovery = oidc.discovery(issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        ...(this.allowsInsecure(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      this.discoveries.set(provider, discovery);
      // A provider that was down is asked again by the next sign-in instead of failing until restart.
      const attempt = discovery;
      attempt.catch(() => {
        if (this.discoveries.get(provider) === attempt) this.discoveries.delete(provider);
      });
    }
    return discovery.catch((error: unknown) => {
      throw failure('SOCIAL_PROVIDER_ERROR', error);
    });
  }

  private keySet(provider: OidcProviderName, jwksUri: string | undefined) {
    let keySet = this.keySets.get(provider);
    if (!keySet) {
      if (!jwksUri) throw failure('SOCIAL_PROVIDER_ERROR', new Error('the provider publishes no jwks_uri'));
      const url = new URL(jwksUri);
      if (url.protocol !== 'https:' && !this.allowsInsecure(url))
        throw failure('SOCIAL_PROVIDER_ERROR', new Error(`insecure jwks_uri ${jwksUri}`));
      keySet = createRemoteJWKSet(url);
      this.keySets.set(provider, keySet);
    }
    return keySet;
  }

  /**
   * Single use: a sealed state replayed within its lifetime is refused. With Redis, by every process of the cluster
   * (the key lives until the state expires). When Redis fails, this process's memory answers: the provider's
   * authorization code is single use anyway, so this is a second lock, and a request must not fail for want of it.
   */
  private async spend(pending: PendingSignIn, now: number): Promise<boolean> {
    const redis = this.options.redis;
    if (redis && redis.state() === 'ready') {
      try {
        const spent = await redis.commands.set(`oidc-spent:${pending.state}`, '1', 'PXAT', pending.expiresAt, 'NX');
        // Remembered here as well, so that a replay to this process while Redis is away is still refused.
        if (spent === 'OK') this.spendHere(pending, now);
        return spent === 'OK';
      } catch {
        // Redis went away meanwhile: as without it.
      }
    }
    return this.spendHere(pending, now);
  }

  private spendHere(pending: PendingSignIn, now: number): boolean {
    for (const [state, expiresAt] of this.spentStates) if (expiresAt <= now) this.spentStates.delete(state);
    if (this.spentStates.has(pending.state)) return false;
    this.spentStates.set(pending.state, pending.expiresAt);
    return true;
  }

  /** AES-256-GCM: the browser can neither read the PKCE verifier and nonce nor alter anything. */
  private seal(pending: PendingSignIn): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealingKey, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  private unseal(sealed: string): PendingSignIn | null {
    try {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.sealingKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as PendingSignIn;
    } catch {
      return null;
    }
  }
}

const registries = new WeakMap<object, OidcProviders>();

/** The providers of one server (one per services instance), shared by the HTTP routes and the GraphQL mutations. */
export function oidcProviders(services: { config: Config; redis: RedisConnections | null }): OidcProviders {
  let registry = registries.get(services);
  if (!registry) {
    registry = new OidcProviders(services.config, { redis: services.redis });
    registries.set(services, registry);
  }
  return registry;
}

function failure(code: ErrorCode, cause: unknown): DomainError {
  const error = new DomainError(code);
  error.cause = cause;
  return error;
}

/** A bad token, as opposed to a JWKS that could not be fetched (the provider's fault). */
function isTokenProblem(error: unknown): boolean {
  if (!(error instanceof joseErrors.JOSEError)) return false;
  return !(error instanceof joseErrors.JWKSTimeout) && !(error instanceof joseErrors.JWKSInvalid) && error.code !== 'ERR_JOSE_GENERIC';
}

/**
 * Microsoft's multi-tenant metadata names the issuer with a `{tenantid}` template filled from the
 * token's `tid`; Google documents both forms of its issuer as valid.
 */
export function acceptedIssuers(issuer: string, payload: JWTPayload): string[] {
  if (issuer.includes('{tenantid}')) return typeof payload.tid === 'string' ? [issuer.replace('{tenantid}', payload.tid)] : [];
  if (issuer === 'https://accounts.google.com') return [issuer, 'accounts.google.com'];
  return [issuer];
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === 1;

/**
 * Whether the provider vouches for the address. Microsoft Entra sends no `email_verified`; its
 * equivalent is the optional claim `xms_edov` (e-mail domain owner verified), which the app
 * registration must request. Some providers send "true" as a string.
 */
export function isEmailVerified(claims: Record<string, unknown>, issuer: string): boolean {
  if (isTrue(claims.email_verified)) return true;
  return claims.email_verified === undefined && new URL(issuer).origin === 'https://login.microsoftonline.com' && isTrue(claims.xms_edov);
}

export function identityFrom(provider: OidcProviderName, claims: Record<string, unknown>, issuer: string): VerifiedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!isEmailVerified(claims, issuer) || !isValidEmail(email)) throw new DomainError('SOCIAL_EMAIL_NOT_VERIFIED');
  return { provider, subject: String(claims.sub), email, ...namesFrom(claims, email), language: languageFrom(claims.locale) };
}

function namesFrom(claims: Record<string, unknown>, email: string): { firstname: string; lastname: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, nameLength) : '');
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  const firstname = text(claims.given_name) || first || email.split('@')[0]!.slice(0, nameLength);
  const lastname = text(claims.family_name) || (text(claims.given_name) ? '' : rest.join(' '));
  return { firstname, lastname };
}

/** `locale` is a BCP 47 tag such as "pt-BR" (some providers write "pt_BR"). */
function languageFrom(locale: unknown): Language {
  const language = typeof locale === 'string' ? locale.split(/[-_]/)[0]!.toLowerCase() : '';
  return isSupportedLanguage(language) ? language : 'en';
}

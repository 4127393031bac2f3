/** Query parameters whose values are secrets: a doc link's `share`, a socket's `token`, a signed file URL's `signature`. */
const secretParameters = /([?&](?:share|token|signature)=)[^&#]*/gi;

/** Paths whose last segment is a secret: a private calendar feed's token, a guest's answer link. */
const secretPathSegments = /(\/calendar\/(?:feed|rsvp)\/)[^/?#]+/gi;

/** The URL with the values of secret query parameters and path segments replaced by `[redacted]`, for logs. */
export function redactUrlSecrets(url: string): string {
  return url.replace(secretParameters, '$1[redacted]').replace(secretPathSegments, '$1[redacted]');
}

/** What the serializer reads: Fastify passes its request (typed as the raw one in Fastify's types). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default `req` serializer, with secrets taken out of the URL. */
export function redactedRequestSerializer(raw: object) {
  const request = raw as LoggedRequest;
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrlSecrets(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

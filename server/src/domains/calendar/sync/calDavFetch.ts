import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressRefusedError, bareHost, guardedLookup, isRefusedHost } from './addressGuard';

/** Why a CalDAV request failed before the server gave a usable answer. */
export type CalDavFailureKind =
  'address-refused' | 'timeout' | 'redirect-loop' | 'too-many-redirects' | 'too-large' | 'network' | 'bad-url';

export class CalDavFailure extends Error {
  override name = 'CalDavFailure';
  constructor(
    readonly kind: CalDavFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface CalDavFetchOptions {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  /** Redirects followed per request; more is an error (a loop is refused at once). */
  maxRedirects?: number;
  /** An answer larger than this is refused: a calendar's objects for a multiget of a few hundred fit easily. */
  maxBodyBytes?: number;
}

/**
 * A fetch for tsdav that goes through the SSRF guard on every connection (redirects included), gives up after
 * the configured timeout, follows a bounded number of redirects itself (refusing a loop and never carrying the
 * credential to another origin) and refuses oversized answers. tsdav swallows some errors (service discovery);
 * `failure` keeps the first one so the account's error can say what really happened.
 */
export function createCalDavFetch(options: CalDavFetchOptions) {
  const maxRedirects = options.maxRedirects ?? 5;
  const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const lookup = guardedLookup(options.allowPrivateAddresses);
  const state: { failure: CalDavFailure | null } = { failure: null };

  const record = (failure: CalDavFailure) => {
    state.failure ??= failure;
    return failure;
  };

  async function calDavFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    // One failure ends the run's conversation: tsdav would otherwise try its next discovery step and wait
    // out the timeout again for each.
    if (state.failure) throw state.failure;
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : String(input));
    } catch {
      throw record(new CalDavFailure('bad-url', 'The CalDAV server address is not a valid URL.'));
    }
    let method = (init.method ?? 'GET').toUpperCase();
    let body = typeof init.body === 'string' ? init.body : init.body == null ? undefined : String(init.body);
    let headers = headersRecord(init.headers);
    const visited = new Set<string>();
    for (let redirects = 0; ; redirects++) {
      visited.add(url.href);
      const response = await requestOnce(url, method, headers, body);
      const location = response.headers.get('location');
      if (init.redirect === 'manual' || response.status < 300 || response.status >= 400 || response.status === 304 || !location)
        return response;
      const next = new URL(location, url);
      if (visited.has(next.href)) throw record(new CalDavFailure('redirect-loop', `The CalDAV server redirects in a loop (${next.href}).`));
      if (redirects >= maxRedirects)
        throw record(new CalDavFailure('too-many-redirects', `The CalDAV server redirected more than ${maxRedirects} times.`));
      if (next.origin !== url.origin) headers = withoutAuthorization(headers);
      if (response.status === 303) {
        method = 'GET';
        body = undefined;
      }
      url = next;
    }
  }

  function requestOnce(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<Response> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(record(new CalDavFailure('bad-url', 'The CalDAV server address must start with https:// or http://.')));
    }
    if (!options.allowPrivateAddresses && isRefusedHost(url.hostname)) {
      return Promise.reject(record(new CalDavFailure('address-refused', new AddressRefusedError(bareHost(url.hostname)).message)));
    }
    return new Promise((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(url, { method, headers, lookup: lookup as never, agent: false });
      const timer = setTimeout(() => {
        outgoing.destroy(new CalDavFailure('timeout', `The CalDAV server did not answer within ${options.timeoutMs} ms.`));
      }, options.timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(record(asFailure(error, url)));
      };
      outgoing.on('error', fail);
      outgoing.on('response', (incoming: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBodyBytes) {
            incoming.destroy();
            fail(new CalDavFailure('too-large', `The CalDAV server's answer is larger than ${Math.round(maxBodyBytes / 1048576)} MB.`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('error', fail);
        incoming.on('end', () => {
          clearTimeout(timer);
          resolve(toResponse(url, incoming, Buffer.concat(chunks)));
        });
      });
      outgoing.end(body);
    });
  }

  return Object.assign(calDavFetch as typeof fetch, {
    /** The first failure of any request made through this fetch, or null. */
    get failure() {
      return state.failure;
    },
  });
}

export type CalDavFetch = ReturnType<typeof createCalDavFetch>;

function asFailure(error: Error, url: URL): CalDavFailure {
  if (error instanceof CalDavFailure) return error;
  if (error instanceof AddressRefusedError || (error as NodeJS.ErrnoException).code === 'EADDRREFUSED') {
    return new CalDavFailure('address-refused', new AddressRefusedError(bareHost(url.hostname)).message);
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new CalDavFailure('network', `The CalDAV server ${url.host} could not be reached (${code ?? error.message}).`);
}

function headersRecord(headers: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers ?? {}).forEach((value, name) => (record[name] = value));
  return record;
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  const rest = { ...headers };
  delete rest.authorization;
  return rest;
}

function toResponse(url: URL, incoming: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const status = incoming.statusCode ?? 502;
  const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
  const response = new Response(noBody ? null : new Uint8Array(body), {
    status: Math.max(200, status),
    statusText: incoming.statusMessage ?? '',
    headers,
  });
  Object.defineProperty(response, 'url', { value: url.href });
  if (status < 200) Object.defineProperty(response, 'status', { value: status });
  return response;
}

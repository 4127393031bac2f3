import {
  calendarMultiGet,
  calendarQuery,
  createAccount,
  fetchCalendars,
  propfind,
  syncCollection,
  type DAVAccount,
  type DAVResponse,
} from 'tsdav';
import { CalDavFailure, createCalDavFetch, type CalDavFailureKind, type CalDavFetch } from './calDavFetch';

/**
 * The CalDAV conversation of one sync run, on tsdav: discovery, the calendar list, incremental pulls
 * (RFC 6578 sync-token, with the ETag listing as fallback), and pushes and deletes with preconditions.
 * Every request goes through the guarded fetch (SSRF guard, timeout, redirects, size limit).
 */
export interface CalDavConnection {
  serverUrl: string;
  /** Basic credentials, or a bearer token (Google's OAuth access token). */
  auth: { kind: 'basic'; username: string; password: string } | { kind: 'bearer'; token: string };
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  /** Known root and principal (Google's endpoint), skipping RFC 6764 discovery. */
  rootUrl?: string;
  principalUrl?: string;
}

export interface RemoteCalendar {
  url: string;
  displayName: string;
  description: string | null;
  color: string | null;
  ctag: string | null;
  syncToken: string | null;
  supportsSyncCollection: boolean;
}

export interface RemoteObject {
  url: string;
  etag: string | null;
  data: string;
}

/** What changed in a calendar since the last pull. */
export interface CalendarChanges {
  /** Objects new or changed, with their data. */
  changed: RemoteObject[];
  /** URLs of objects gone. */
  deleted: string[];
  syncToken: string | null;
  ctag: string | null;
  /** How the changes were found: sync-token report, full ETag listing, or nothing to do (ctag unchanged). */
  method: 'sync-token' | 'etag' | 'unchanged';
}

/** A failure the account's error shows as is: the server's refusal or answer in a sentence. */
export class CalDavAccountError extends Error {
  override name = 'CalDavAccountError';
  constructor(
    message: string,
    readonly kind: CalDavFailureKind | 'refused' = 'refused',
  ) {
    super(message);
  }
}

const multiGetBatch = 100;

export class CalDavClient {
  readonly fetch: CalDavFetch;
  private account: DAVAccount | null = null;

  constructor(private readonly connection: CalDavConnection) {
    this.fetch = createCalDavFetch({ timeoutMs: connection.timeoutMs, allowPrivateAddresses: connection.allowPrivateAddresses });
  }

  get headers(): Record<string, string> {
    const auth = this.connection.auth;
    return auth.kind === 'basic'
      ? { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` }
      : { authorization: `Bearer ${auth.token}` };
  }

  /** Finds the principal and the calendar home (RFC 6764 well-known, then the URL as given). */
  async discover(): Promise<DAVAccount> {
    if (this.account) return this.account;
    try {
      this.account = await createAccount({
        account: {
          serverUrl: this.connection.serverUrl,
          accountType: 'caldav',
          ...(this.connection.rootUrl ? { rootUrl: this.connection.rootUrl } : {}),
          ...(this.connection.principalUrl ? { principalUrl: this.connection.principalUrl } : {}),
        },
        headers: this.headers,
        fetch: this.fetch,
      });
    } catch (error) {
      throw this.explain(error, 'The server did not answer as a CalDAV server (no principal or calendar home found).');
    }
    return this.account;
  }

  async listCalendars(): Promise<RemoteCalendar[]> {
    const account = await this.discover();
    let calendars;
    try {
      calendars = await fetchCalendars({ account, headers: this.headers, fetch: this.fetch });
    } catch (error) {
      throw this.explain(error, 'The server did not list its calendars.');
    }
    return calendars
      .filter((calendar) => calendar.components?.length === 0 || calendar.components?.includes('VEVENT'))
      .map((calendar) => ({
        url: calendar.url,
        displayName: textOf(calendar.displayName) || lastSegment(calendar.url),
        description: textOf(calendar.description) || null,
        color: normalColor(textOf(calendar.calendarColor)),
        ctag: textOf(calendar.ctag) || null,
        syncToken: textOf(calendar.syncToken) || null,
        supportsSyncCollection: calendar.reports?.includes('syncCollection') ?? false,
      }));
  }

  /**
   * What changed since `state`: with a sync token, the RFC 6578 report; else (or when the server refuses the
   * token) the ctag tells whether anything changed, and the listing of ETags against the known ones which.
   */
  async pull(
    calendar: { url: string; supportsSyncCollection: boolean },
    state: { syncToken: string | null; ctag: string | null; known: Map<string, string | null> },
  ): Promise<CalendarChanges> {
    if (calendar.supportsSyncCollection) {
      const incremental = await this.pullBySyncToken(calendar.url, state.syncToken);
      if (incremental) return incremental;
    }
    const current = await this.collectionTags(calendar.url);
    if (state.ctag !== null && current.ctag !== null && current.ctag === state.ctag) {
      return { changed: [], deleted: [], syncToken: current.syncToken, ctag: current.ctag, method: 'unchanged' };
    }
    const listing = await this.listEtags(calendar.url);
    const changedUrls = [...listing]
      .filter(([url, etag]) => !state.known.has(url) || state.known.get(url) !== etag || etag === null)
      .map(([url]) => url);
    const deleted = [...state.known.keys()].filter((url) => !listing.has(url));
    return {
      changed: await this.multiGet(calendar.url, changedUrls),
      deleted,
      syncToken: current.syncToken,
      ctag: current.ctag,
      method: 'etag',
    };
  }

  /** null when the server refused the token (expired, invalid): the caller falls back to a full comparison. */
  private async pullBySyncToken(calendarUrl: string, syncToken: string | null): Promise<CalendarChanges | null> {
    let responses: DAVResponse[];
    try {
      responses = await syncCollection({
        url: calendarUrl,
        props: { 'd:getetag': {} },
        syncLevel: 1,
        syncToken: syncToken ?? '',
        headers: this.headers,
        fetch: this.fetch,
      });
    } catch (error) {
      throw this.explain(error, 'The server did not answer the sync report.');
    }
    const first = responses[0];
    // A refused token (RFC 6578 valid-sync-token: expired, or the server forgot it) means a full comparison.
    if (responses.length === 1 && first && first.status >= 400 && !isMultistatus(first)) {
      if (first.status === 401) throw new CalDavAccountError(unauthorized);
      return null;
    }
    if (first && !isMultistatus(first)) throw new CalDavAccountError(garbage);
    const newToken = syncTokenOf(first);
    const changedUrls: string[] = [];
    const deleted: string[] = [];
    for (const response of responses) {
      if (!response.href) continue;
      const url = new URL(String(response.href), calendarUrl).href;
      if (url === new URL(calendarUrl).href) continue;
      if (response.status === 404) deleted.push(url);
      else if (response.ok) changedUrls.push(url);
    }
    const changed = await this.multiGet(calendarUrl, changedUrls);
    return { changed, deleted, syncToken: newToken, ctag: null, method: 'sync-token' };
  }

  private async collectionTags(calendarUrl: string): Promise<{ ctag: string | null; syncToken: string | null }> {
    const responses = await this.request(
      () =>
        propfind({
          url: calendarUrl,
          props: { 'cs:getctag': {}, 'd:sync-token': {} },
          depth: '0',
          headers: this.headers,
          fetch: this.fetch,
        }),
      'The server did not describe the calendar.',
    );
    const own = responses.find((response) => response.ok) ?? responses[0];
    this.check(own);
    return { ctag: textOf(own?.props?.getctag) || null, syncToken: textOf(own?.props?.syncToken) || null };
  }

  /** Every object's URL and ETag in the calendar. */
  private async listEtags(calendarUrl: string): Promise<Map<string, string | null>> {
    const responses = await this.request(
      () =>
        calendarQuery({
          url: calendarUrl,
          props: { 'd:getetag': {} },
          filters: { 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VEVENT' } } } },
          depth: '1',
          headers: this.headers,
          fetch: this.fetch,
        }),
      'The server did not list the calendar’s events.',
    );
    const listing = new Map<string, string | null>();
    for (const response of responses) {
      this.check(response);
      if (!response.href || !response.ok) continue;
      const url = new URL(String(response.href), calendarUrl).href;
      if (url === new URL(calendarUrl).href) continue;
      listing.set(url, textOf(response.props?.getetag) || null);
    }
    return listing;
  }

  async multiGet(calendarUrl: string, urls: string[]): Promise<RemoteObject[]> {
    const objects: RemoteObject[] = [];
    for (let start = 0; start < urls.length; start += multiGetBatch) {
      const batch = urls.slice(start, start + multiGetBatch).map((url) => new URL(url).pathname);
      const responses = await this.request(
        () =>
          calendarMultiGet({
            url: calendarUrl,
            props: { 'd:getetag': {}, 'c:calendar-data': {} },
            objectUrls: batch,
            depth: '1',
            headers: this.headers,
            fetch: this.fetch,
          }),
        'The server did not send the calendar’s events.',
      );
      for (const response of responses) {
        this.check(response);
        if (!response.href || !response.ok) continue;
        const data = textOf(response.props?.calendarData);
        if (!data) continue;
        objects.push({ url: new URL(String(response.href), calendarUrl).href, etag: textOf(response.props?.getetag) || null, data });
      }
    }
    return objects;
  }

  /**
   * Writes an object: a new one only if none exists at that URL (If-None-Match: *), a known one only if it is
   * still the version we saw (If-Match). Answers the new ETag, `precondition` when someone changed it first, or
   * `refused` when the server will not take this object.
   */
  async put(url: string, ics: string, etag: string | null): Promise<{ etag: string | null } | 'precondition' | 'refused'> {
    const response = await this.send(url, {
      method: 'PUT',
      headers: {
        ...this.headers,
        'content-type': 'text/calendar; charset=utf-8',
        ...(etag ? { 'if-match': etag } : { 'if-none-match': '*' }),
      },
      body: ics,
    });
    if (response.status === 412) return 'precondition';
    // The server refuses this one object (a UID it already holds elsewhere, a size or content rule): the others go on.
    if (response.status >= 400 && response.status < 500) return 'refused';
    if (!response.ok) throw new CalDavAccountError(refusedBy(response.status, 'PUT'));
    const newEtag = response.headers.get('etag') ?? (await this.etagOf(url));
    return { etag: newEtag };
  }

  /** The object as the server has it now, or null when it is gone. */
  async get(url: string): Promise<{ data: string; etag: string | null } | null> {
    const response = await this.send(url, { method: 'GET', headers: this.headers });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) throw new CalDavAccountError(refusedBy(response.status, 'GET'));
    return { data: await response.text(), etag: response.headers.get('etag') };
  }

  /** Deletes a remote object if it is still the version we saw; a missing one is already deleted. */
  async delete(url: string, etag: string | null): Promise<'deleted' | 'precondition'> {
    const response = await this.send(url, { method: 'DELETE', headers: { ...this.headers, ...(etag ? { 'if-match': etag } : {}) } });
    if (response.status === 412) return 'precondition';
    if (response.ok || response.status === 404 || response.status === 410) return 'deleted';
    throw new CalDavAccountError(refusedBy(response.status, 'DELETE'));
  }

  private async etagOf(url: string): Promise<string | null> {
    const responses = await this.request(
      () => propfind({ url, props: { 'd:getetag': {} }, depth: '0', headers: this.headers, fetch: this.fetch }),
      'The server did not describe the event.',
    );
    return textOf(responses[0]?.props?.getetag) || null;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      const response = await this.fetch(url, init);
      if (response.status === 401) throw new CalDavAccountError(unauthorized);
      return response;
    } catch (error) {
      throw this.explain(error, 'The request to the CalDAV server failed.');
    }
  }

  private async request(work: () => Promise<DAVResponse[]>, fallback: string): Promise<DAVResponse[]> {
    try {
      return await work();
    } catch (error) {
      throw this.explain(error, fallback);
    }
  }

  /** A DAV answer that is an HTTP error, or not a multistatus at all, ends the run with a clear reason. */
  private check(response: DAVResponse | undefined): void {
    if (!response) throw new CalDavAccountError(garbage);
    if (response.status === 401) throw new CalDavAccountError(unauthorized);
    if (!isMultistatus(response) && response.status >= 400) throw new CalDavAccountError(refusedBy(response.status, 'REPORT'));
    if (!isMultistatus(response)) throw new CalDavAccountError(garbage);
  }

  /** The clearest reason for a failure: what the guarded fetch saw first, a refusal of the credentials, or the fallback. */
  explain(error: unknown, fallback: string): Error {
    if (error instanceof CalDavAccountError) return error;
    const failure = this.fetch.failure;
    if (failure) return new CalDavAccountError(failure.message, failure.kind);
    if (error instanceof CalDavFailure) return new CalDavAccountError(error.message, error.kind);
    const message = error instanceof Error ? error.message : String(error);
    if (/401|unauthori[sz]ed|invalid credentials/i.test(message)) return new CalDavAccountError(unauthorized);
    return new CalDavAccountError(fallback);
  }
}

export const unauthorized = 'The CalDAV server refused the user name or password (401). Check them, or use an app password.';
export const garbage = 'The CalDAV server answered something that is not a CalDAV answer.';
const refusedBy = (status: number, method: string) => `The CalDAV server refused the ${method} request (HTTP ${status}).`;

/** A multistatus answer's entries carry its parsed body as `raw.multistatus`; anything else is raw text. */
function isMultistatus(response: DAVResponse): boolean {
  const raw = response.raw as { multistatus?: unknown } | string | undefined;
  return typeof raw === 'object' && raw !== null && 'multistatus' in raw;
}

function syncTokenOf(response: DAVResponse | undefined): string | null {
  const raw = response?.raw as { multistatus?: { syncToken?: unknown } } | undefined;
  return textOf(raw?.multistatus?.syncToken) || null;
}

/** tsdav hands text as a string, a number, or { _cdata } / { _text }. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const record = value as { _cdata?: unknown; _text?: unknown };
    if (typeof record._cdata === 'string') return record._cdata.trim();
    if (typeof record._text === 'string') return record._text.trim();
  }
  return '';
}

/** CalDAV colours come as #RRGGBB or #RRGGBBAA (Apple); the app keeps #RRGGBB. */
function normalColor(value: string): string | null {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value);
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

function lastSegment(url: string): string {
  const parts = new URL(url).pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? url);
}

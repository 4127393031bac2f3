// Misbehaving CalDAV servers for the sync's bad-input tests, a counting proxy in front of Radicale (to see
// which objects a sync fetches), and iCalendar objects as another client would write them.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<LocalServer & { server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerGarbage(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<html><body>Welcome to nginx! \u0000\u0001 not xml</body></html>');
}

/** Answers every request with a web page: not a CalDAV server. */
export const garbageServer = () =>
  listen((incoming, response) => {
    incoming.resume();
    answerGarbage(response);
  });

/** Redirects /a to /b and /b back to /a, whatever the method. */
export const redirectLoopServer = () =>
  listen((incoming, response) => {
    incoming.resume();
    const next = incoming.url?.startsWith('/a') ? '/b' : '/a';
    response.writeHead(301, { location: next });
    response.end();
  });

/** Accepts connections and never answers. */
export const silentServer = () =>
  listen((incoming) => {
    incoming.resume();
  });

/** An OpenID issuer whose token endpoint refuses every refresh token (invalid_grant), recording what it was sent. */
export async function refusingIssuer(): Promise<LocalServer & { tokenRequests: URLSearchParams[] }> {
  const tokenRequests: URLSearchParams[] = [];
  const local = await listen((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const base = `http://${incoming.headers.host}`;
      if (incoming.url === '/.well-known/openid-configuration') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            issuer: base,
            authorization_endpoint: `${base}/authorize`,
            token_endpoint: `${base}/token`,
            jwks_uri: `${base}/jwks`,
          }),
        );
      } else if (incoming.url === '/token') {
        tokenRequests.push(new URLSearchParams(body));
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'invalid_grant' }));
      } else {
        response.writeHead(404).end();
      }
    });
  });
  return { url: local.url, close: local.close, tokenRequests };
}

export interface ProxiedRequest {
  method: string;
  url: string;
  body: string;
}

/** What a proxy does with the next requests: forward them, or go bad the way a broken server does. */
export type ProxyBehaviour = 'forward' | 'garbage' | 'silent';

/**
 * Forwards everything to `target` and records the requests (method, path, body). Setting `behaviour` turns a
 * server that worked into one answering garbage or never answering, for an account connected while it worked.
 */
export async function countingProxy(target: string): Promise<LocalServer & { requests: ProxiedRequest[]; behaviour: ProxyBehaviour }> {
  const requests: ProxiedRequest[] = [];
  const upstream = new URL(target);
  const control = { behaviour: 'forward' as ProxyBehaviour };
  const local = await listen((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: incoming.method ?? 'GET', url: incoming.url ?? '/', body: body.toString() });
      if (control.behaviour === 'garbage') return answerGarbage(response);
      if (control.behaviour === 'silent') return;
      const forwarded = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          const headers = { ...answer.headers };
          // Radicale names its own origin in absolute hrefs; the client must keep talking to the proxy.
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      forwarded.end(body);
    });
  });
  return Object.assign(control, { url: local.url, close: local.close, requests });
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface ObjectFields {
  uid: string;
  summary: string;
  start: string;
  end: string;
  description?: string;
  rrule?: string;
  exdates?: string[];
  lastModified?: Date;
  /** RECURRENCE-ID overrides: original start, new start and end, summary. */
  overrides?: { recurrenceId: string; start: string; end: string; summary: string }[];
}

/** An iCalendar object as a calendar app writes it (UTC times). */
export function icsObject(fields: ObjectFields): string {
  const modified = stamp(fields.lastModified ?? new Date());
  const time = (iso: string) => stamp(new Date(iso));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other Client//Test//EN'];
  lines.push('BEGIN:VEVENT', `UID:${fields.uid}`, `DTSTAMP:${modified}`, `LAST-MODIFIED:${modified}`);
  lines.push(`DTSTART:${time(fields.start)}`, `DTEND:${time(fields.end)}`, `SUMMARY:${fields.summary}`);
  if (fields.description) lines.push(`DESCRIPTION:${fields.description}`);
  if (fields.rrule) lines.push(`RRULE:${fields.rrule}`);
  for (const exdate of fields.exdates ?? []) lines.push(`EXDATE:${time(exdate)}`);
  lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Reminder', 'TRIGGER:-PT15M', 'END:VALARM');
  lines.push('END:VEVENT');
  for (const override of fields.overrides ?? []) {
    lines.push('BEGIN:VEVENT', `UID:${fields.uid}`, `DTSTAMP:${modified}`, `LAST-MODIFIED:${modified}`);
    lines.push(`RECURRENCE-ID:${time(override.recurrenceId)}`, `DTSTART:${time(override.start)}`, `DTEND:${time(override.end)}`);
    lines.push(`SUMMARY:${override.summary}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

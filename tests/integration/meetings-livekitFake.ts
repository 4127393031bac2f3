import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { AccessToken } from 'livekit-server-sdk';

/** One Twirp call the app made to "LiveKit": which method, its JSON body and its Authorization header. */
export interface TwirpCall {
  method: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

/** The file an ended egress wrote, as LiveKit lists it (size and duration in bytes and nanoseconds, as text). */
export interface EgressFile {
  filename: string;
  location: string;
  size: string;
  duration: string;
}

/** An egress as the fake keeps it: what ListEgress answers for it. */
interface FakeEgress {
  egressId: string;
  roomName: string;
  status: 'EGRESS_ACTIVE' | 'EGRESS_ENDING' | 'EGRESS_COMPLETE' | 'EGRESS_FAILED';
  fileResults: EgressFile[];
  error?: string;
}

/**
 * A local HTTP server answering the app's Twirp calls as LiveKit's egress service does (no LiveKit server
 * runs on this machine): it records each request, hands out egress ids, keeps each egress's status (active, ending
 * once stopped, then ended as a test says with `endEgress`) and lists it, until a test makes it `forgetEgress`.
 * `failNext` makes the next call fail as an overloaded LiveKit would, `unreachable` every call until it is unset.
 */
export class FakeLivekit {
  readonly calls: TwirpCall[] = [];
  failNext = false;
  /** While true, every call fails as a LiveKit that cannot be reached (or is overloaded) would. */
  unreachable = false;
  private readonly egresses = new Map<string, FakeEgress>();
  private counter = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const method = (request.url ?? '').replace(/^\/twirp\/livekit\./, '');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        this.calls.push({ method, body, authorization: request.headers.authorization });
        const answer = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(json));
        };
        if (this.failNext || this.unreachable) {
          this.failNext = false;
          return answer(503, { code: 'unavailable', msg: 'no egress worker available' });
        }
        if (method === 'Egress/StartRoomCompositeEgress') {
          const egressId = `EG_fake${++this.counter}`;
          this.egresses.set(egressId, { egressId, roomName: String(body.roomName), status: 'EGRESS_ACTIVE', fileResults: [] });
          return answer(200, { egressId, roomName: body.roomName, status: 'EGRESS_STARTING' });
        }
        if (method === 'Egress/StopEgress') {
          const egress = this.egresses.get(String(body.egressId));
          if (egress?.status !== 'EGRESS_ACTIVE') return answer(404, { code: 'not_found', msg: 'egress not found' });
          egress.status = 'EGRESS_ENDING';
          return answer(200, egress);
        }
        if (method === 'Egress/ListEgress') {
          const egress = this.egresses.get(String(body.egressId));
          return answer(200, { items: egress ? [egress] : [] });
        }
        return answer(404, { code: 'bad_route', msg: `no handler for ${method}` });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake LiveKit did not bind a TCP port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  /** The egress ends without a webhook: complete with its file, or failed with an error. */
  endEgress(egressId: string, end: { file: EgressFile } | { error: string }): void {
    const egress = this.egresses.get(egressId);
    if (!egress) throw new Error(`the fake LiveKit has no egress ${egressId}`);
    if ('file' in end) Object.assign(egress, { status: 'EGRESS_COMPLETE', fileResults: [end.file] });
    else Object.assign(egress, { status: 'EGRESS_FAILED', error: end.error });
  }

  /** LiveKit loses the egress (restarted without its store, or past its retention): ListEgress no longer lists it. */
  forgetEgress(egressId: string): void {
    this.egresses.delete(egressId);
  }

  callsTo(method: string): TwirpCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A webhook as LiveKit sends it: the JSON body and an Authorization JWT signed with the API secret, carrying the body's SHA-256. */
export async function signedWebhook(
  apiKey: string,
  apiSecret: string,
  event: Record<string, unknown>,
): Promise<{ body: string; authorization: string }> {
  const body = JSON.stringify({
    id: `EV_${Math.random().toString(36).slice(2)}`,
    createdAt: String(Math.floor(Date.now() / 1000)),
    ...event,
  });
  const token = new AccessToken(apiKey, apiSecret);
  token.sha256 = createHash('sha256').update(body).digest('base64');
  return { body, authorization: await token.toJwt() };
}

export async function postWebhook(appUrl: string, webhook: { body: string; authorization?: string }): Promise<number> {
  const response = await fetch(`${appUrl}/livekit/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/webhook+json', ...(webhook.authorization ? { authorization: webhook.authorization } : {}) },
    body: webhook.body,
  });
  await response.text();
  return response.status;
}

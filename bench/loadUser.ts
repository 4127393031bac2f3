// One simulated user of the load test: the app's own documents (imported from the client's features, so the
// load is what the app sends), one graphql-ws connection with the subscriptions the app shell opens at start-up
// (subProject twice, for the spaces list and for the chat list's unread counts, which alone is sent messages;
// subTeam, subPrivat, subPresence, subCalls) and setPresence online as the app says at start, subMessage for the space on screen or subTask for
// the board on screen, and Mattermost's mix of actions at human rates: switch channel and read a page 6.5 parts,
// scroll older history 2, post 1, plus a task board opened (getStatesProject, getTasks) 0.5 and a task edited
// (ediTask) 0.5, one action every 10 to 20 s.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import {
  getMessagesDocument,
  getSpaceChatsDocument,
  lastViewedDocument,
  messagePageSize,
  setMessageDocument,
  setPresenceDocument,
  subMessageDocument,
  subPresenceDocument,
  subPrivatDocument,
  subSpaceChatsDocument,
} from '../client/src/features/chat/operations';
import { subCallsDocument } from '../client/src/features/meetings/ringing/operations';
import { subProjectDocument } from '../client/src/features/spaces/operations';
import { ediTaskDocument, getStatesProjectDocument, getTasksDocument, subTaskDocument } from '../client/src/features/tasks/operations';
import { subTeamDocument } from '../client/src/features/teams/operations';
import { documentSource, type DocumentText } from '../client/src/lib/graphqlDocument';
import { emptyHistogram, record, type HistogramData } from './loadStatistics';
import type { SeededSpace, SeededUser } from './loadSeed';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between the client processes on one machine. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** What every simulated user in one process adds to. */
export class LoadMeasurements {
  requests: Record<string, HistogramData> = {};
  actions: Record<string, HistogramData> = {};
  errors: Record<string, number> = {};
  deliveries = emptyHistogram();
  deliveriesBySubscription: Record<string, number> = {};
  lastError = '';

  request(operation: string, ms: number) {
    record((this.requests[operation] ??= emptyHistogram()), ms);
  }
  action(name: string, ms: number) {
    record((this.actions[name] ??= emptyHistogram()), ms);
  }
  error(operation: string, message: string) {
    this.errors[operation] = (this.errors[operation] ?? 0) + 1;
    this.lastError = `${operation}: ${message}`.slice(0, 300);
  }
  delivered(subscription: string) {
    this.deliveriesBySubscription[subscription] = (this.deliveriesBySubscription[subscription] ?? 0) + 1;
  }
}

export interface LoadEndpoints {
  graphqlUrl: string;
  websocketUrl: string;
}

const expiredTokenMessages = ['token expired or invalid', 'token expired', 'expired token', 'jwt expired', 'token has expired'];
const refreshTokenText = 'mutation RefreshToken { refreshToken { token } }';
const requestTimeoutMs = 30_000;
const actionWeights = [
  ['switchChannel', 6.5],
  ['scrollHistory', 2],
  ['post', 1],
  ['openBoard', 0.5],
  ['editTask', 0.5],
] as const;
type ActionName = (typeof actionWeights)[number][0];
const totalWeight = actionWeights.reduce((sum, [, weight]) => sum + weight, 0);

type Unsubscribe = () => void;
interface MessageChange {
  type: string;
  message: { id: string; clientId: string | null } | null;
}

export class SimulatedUser {
  private readonly cookies: Map<string, string>;
  private socket: Client | undefined;
  private readonly appSubscriptions: Unsubscribe[] = [];
  private screenSubscription: Unsubscribe | undefined;
  private screen: { kind: 'chat' | 'board'; space: SeededSpace } | undefined;
  private oldestMessageId: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private sent = 0;

  constructor(
    private readonly index: number,
    private readonly seeded: SeededUser,
    private readonly spaces: SeededSpace[],
    private readonly endpoints: LoadEndpoints,
    private readonly measurements: LoadMeasurements,
    private readonly random: () => number,
  ) {
    this.cookies = new Map(Object.entries(seeded.cookies));
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One GraphQL request as the app makes it: a JSON POST with the session's cookies, refreshed once when the token expired. */
  private async execute<Data>(
    operation: string,
    query: string,
    variables: Record<string, unknown>,
    refreshed = false,
  ): Promise<Data | null> {
    const started = performance.now();
    let body: { data?: Data | null; errors?: { message: string }[] };
    try {
      const response = await fetch(this.endpoints.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: this.cookieHeader() },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair = ''] = setCookie.split(';');
        const separator = pair.indexOf('=');
        this.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
      body = (await response.json()) as typeof body;
    } catch (error) {
      this.measurements.request(operation, performance.now() - started);
      this.measurements.error(operation, error instanceof Error ? error.message : String(error));
      return null;
    }
    this.measurements.request(operation, performance.now() - started);
    const message = body.errors?.[0]?.message;
    if (message !== undefined && !refreshed && expiredTokenMessages.includes(message.trim().toLowerCase())) {
      if ((await this.execute('refreshToken', refreshTokenText, {}, true)) === null) return null;
      return this.execute(operation, query, variables, true);
    }
    if (message !== undefined || !body.data) {
      this.measurements.error(operation, message ?? 'no data');
      return null;
    }
    return body.data;
  }

  private request<Data>(operation: string, document: DocumentText, variables: Record<string, unknown> = {}) {
    return this.execute<Data>(operation, documentSource(document), variables);
  }

  private subscribe(
    name: string,
    document: DocumentText,
    variables: Record<string, unknown>,
    onData?: (data: unknown) => void,
  ): Unsubscribe {
    return this.socket!.subscribe(
      { query: documentSource(document), variables },
      {
        next: (value) => {
          if (value.errors) this.measurements.error(name, JSON.stringify(value.errors).slice(0, 200));
          else {
            this.measurements.delivered(name);
            onData?.(value.data);
          }
        },
        error: (error) => {
          if (!this.stopped) this.measurements.error(name, error instanceof Error ? error.message : JSON.stringify(error).slice(0, 200));
        },
        complete: () => undefined,
      },
    );
  }

  /**
   * Starts the session again (refreshToken), connects, opens the app's subscriptions, says it is online and opens a
   * space's chat; then acts at its rate unless `acting` is false (an idle user, until startActing).
   */
  async start(acting = true): Promise<boolean> {
    if ((await this.execute('refreshToken', refreshTokenText, {})) === null) return false;
    const cookieHeader = () => this.cookieHeader();
    class SessionWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie: cookieHeader() } });
      }
    }
    this.socket = createClient({ url: this.endpoints.websocketUrl, webSocketImpl: SessionWebSocket, retryAttempts: 0, lazy: true });
    const connected = new Promise<boolean>((resolve) => {
      this.socket!.on('connected', () => resolve(true));
      this.socket!.on('closed', (event) => {
        resolve(false);
        if (!this.stopped) this.measurements.error('websocket', `closed ${(event as { code?: number }).code ?? ''}`);
      });
    });
    this.appSubscriptions.push(
      this.subscribe('subProject', subProjectDocument, {}),
      this.subscribe('subTeam', subTeamDocument, { user: this.seeded.id }),
      this.subscribe('subPrivat', subPrivatDocument, {}),
      this.subscribe('subSpaceChats', subSpaceChatsDocument, {}),
      this.subscribe('subPresence', subPresenceDocument, {}),
      this.subscribe('subCalls', subCallsDocument, {}),
    );
    if (!(await connected)) return false;
    await this.request('setPresence', setPresenceDocument, { state: 'online' });
    await this.request('getSpaceChats', getSpaceChatsDocument);
    await this.switchChannel();
    if (acting) this.startActing();
    return true;
  }

  /** The first action within 15 s, then one every 10 to 20 s. */
  startActing() {
    this.schedule(this.random() * 15_000);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.act(), delayMs);
  }

  private async act() {
    let pick = this.random() * totalWeight;
    let action: ActionName = 'switchChannel';
    for (const [name, weight] of actionWeights) {
      pick -= weight;
      if (pick < 0) {
        action = name;
        break;
      }
    }
    const started = performance.now();
    await this[action]();
    this.measurements.action(action, performance.now() - started);
    this.schedule(10_000 + this.random() * 10_000);
  }

  private pickSpace(except?: SeededSpace): SeededSpace {
    const choices = this.seeded.spaces.map((index) => this.spaces[index]!).filter((space) => space !== except);
    return choices[Math.floor(this.random() * choices.length)]!;
  }

  private onMessage = (data: unknown) => {
    const change = (data as { subMessage: MessageChange }).subMessage;
    const clientId = change.message?.clientId;
    if (change.type !== 'message.created' || !clientId?.startsWith('load:')) return;
    const sentAt = Number(clientId.split(':')[1]);
    record(this.measurements.deliveries, wallClock() - sentAt);
  };

  private show(kind: 'chat' | 'board', space: SeededSpace) {
    this.screenSubscription?.();
    this.screen = { kind, space };
    this.screenSubscription =
      kind === 'chat'
        ? this.subscribe('subMessage', subMessageDocument, { project: space.id }, this.onMessage)
        : this.subscribe('subTask', subTaskDocument, { project: space.id });
  }

  /** Another space's chat: its newest page, then marked read. */
  private async switchChannel() {
    const space = this.pickSpace(this.screen?.kind === 'chat' ? this.screen.space : undefined);
    this.show('chat', space);
    const page = await this.request<{ getMessages: { id: string }[] }>('getMessages', getMessagesDocument, {
      project: space.id,
      first: messagePageSize,
    });
    this.oldestMessageId = page?.getMessages[0]?.id;
    await this.request('lastViewed', lastViewedDocument, { project: space.id });
  }

  /** The page before the oldest one read in this chat (the newest page again when the chat was empty). */
  private async scrollHistory() {
    if (this.screen?.kind !== 'chat') return this.switchChannel();
    const page = await this.request<{ getMessages: { id: string }[] }>('getMessages', getMessagesDocument, {
      project: this.screen.space.id,
      first: messagePageSize,
      ...(this.oldestMessageId ? { before: this.oldestMessageId } : {}),
    });
    if (page?.getMessages[0]) this.oldestMessageId = page.getMessages[0].id;
  }

  /** A message to the chat on screen; its clientId carries the time it was sent, for the delivery latency. */
  private async post() {
    if (this.screen?.kind !== 'chat') await this.switchChannel();
    this.sent += 1;
    await this.request('setMessage', setMessageDocument, {
      project: this.screen!.space.id,
      body: `Message ${this.sent} from load user ${this.index}: the quick brown fox jumps over the lazy dog.`,
      clientId: `load:${wallClock().toFixed(3)}:${this.index}:${this.sent}`,
    });
  }

  private async openBoard() {
    const space = this.pickSpace();
    this.show('board', space);
    await this.request('getStatesProject', getStatesProjectDocument, { project: space.id });
    await this.request('getTasks', getTasksDocument, { project: space.id });
  }

  /** A task of the board on screen renamed (the board opened first when none is). */
  private async editTask() {
    if (this.screen?.kind !== 'board') await this.openBoard();
    const space = this.screen!.space;
    const task = space.taskIds[Math.floor(this.random() * space.taskIds.length)]!;
    await this.request('ediTask', ediTaskDocument, { id: task, name: `Task renamed by load user ${this.index} (${this.sent})` });
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.screenSubscription?.();
    for (const unsubscribe of this.appSubscriptions) unsubscribe();
    // A socket that never connected rejects its dispose with that connection's error: there is nothing to close.
    await Promise.resolve(this.socket?.dispose()).catch(() => undefined);
  }
}

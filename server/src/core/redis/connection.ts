import { Redis } from 'ioredis';
import { maskedRedisUrl } from '../../config';

/** Redis could not be reached at start: main.ts prints the message and exits, as for an unreachable database. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/**
 * The two connections a process keeps to Redis (issue 22): one for commands and publishing, one held in subscriber
 * mode (Redis allows nothing else on a subscribed connection). Redis keeps only what may be lost or rebuilt (notices,
 * presence, counters), so while it is away commands fail at once instead of queueing: callers fall back to what
 * this process knows, and nothing waits on Redis.
 */
export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
  /** `ready` while both connections are up; `down` while either is reconnecting. */
  state(): 'ready' | 'down';
  /** Called each time both connections are ready again after an outage (not at the first connect). */
  onReconnected(listener: () => void): void;
  close(): Promise<void>;
}

/** How long the first connection may take before the process gives up starting. */
const connectTimeoutMs = 5000;
/** Reconnection attempts while running: quickly at first, then every two seconds for as long as it takes. */
const reconnectDelayMs = (attempt: number) => Math.min(attempt * 100, 2000);

function openConnection(url: string, role: string): Promise<Redis> {
  let connected = false;
  let lastError: Error | null = null;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    connectionName: `workspace-${role}`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // At start a failure is final (the process refuses to start); once connected, Redis is reconnected forever.
    retryStrategy: (attempt) => (connected ? reconnectDelayMs(attempt) : null),
  });
  client.on('error', (error: Error) => {
    lastError = error;
  });
  return client.connect().then(
    () => {
      connected = true;
      return client;
    },
    (error: unknown) => {
      client.disconnect();
      const reason = lastError ?? (error instanceof Error ? error : new Error(String(error)));
      const code = (reason as { code?: unknown }).code;
      throw new RedisUnavailableError(
        `REDIS_URL ${maskedRedisUrl(url)} could not be reached: ${typeof code === 'string' ? code : reason.message}. ` +
          'Start Redis or correct REDIS_URL; leave it unset to run one process without Redis.',
      );
    },
  );
}

/** Connects both connections, or throws RedisUnavailableError naming the URL (password hidden) and the reason. */
export async function connectRedis(url: string): Promise<RedisConnections> {
  const opened = await Promise.allSettled([openConnection(url, 'commands'), openConnection(url, 'subscriber')]);
  const failed = opened.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    for (const outcome of opened) if (outcome.status === 'fulfilled') outcome.value.disconnect();
    throw failed.reason;
  }
  const [commands, subscriber] = opened.map((outcome) => (outcome as PromiseFulfilledResult<Redis>).value) as [Redis, Redis];
  const reconnected = new Set<() => void>();
  let wasDown = false;
  const state = () => (commands.status === 'ready' && subscriber.status === 'ready' ? 'ready' : 'down');
  const check = () => {
    if (state() === 'down') {
      wasDown = true;
      return;
    }
    if (!wasDown) return;
    wasDown = false;
    for (const listener of reconnected) listener();
  };
  for (const client of [commands, subscriber]) {
    client.on('ready', check);
    client.on('close', check);
    client.on('end', check);
  }
  return {
    commands,
    subscriber,
    state,
    onReconnected: (listener) => {
      reconnected.add(listener);
    },
    close: async () => {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

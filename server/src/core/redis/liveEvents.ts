import type { Message } from 'mqemitter';
import { Counter, type Registry } from 'prom-client';
import { randomHex } from '../ids';
import { InProcessLiveEvents, TopicEmitter } from '../inProcess/liveEvents';
import { logSelectionOf, type LiveHistory } from '../live';
import type { RedisConnections } from './connection';

/** The one Redis channel every process of a cluster publishes its notices on and listens to. */
export const noticeChannel = 'workspace:notices';

/** A notice as it travels between processes: who sent it (to skip its own), its topic and its payload. */
interface NoticeMessage {
  process: string;
  topic: string;
  payload: unknown;
}

export interface ClusterLiveEventsOptions {
  /** Where the count of notices dropped while Redis was away is kept (the app's /metrics). */
  registry: Registry;
  /**
   * Notice topics every process derives for its own subscribers from facts it shares otherwise (presence: each
   * process tells its subscribers what its mirror of every process's connections says). Relaying them as well
   * would hand another process's view, possibly older than its own, to its subscribers a second time.
   */
  localTopics?: readonly string[];
  /** This process among the cluster's (the cluster registry's id); random per start when absent. */
  processId?: string;
}

/** What the relaying emitter needs to send a notice: the connections, who sends it, what stays here, where drops count. */
interface Relay {
  redis: RedisConnections;
  process: string;
  localTopics: ReadonlySet<string>;
  dropped: Counter;
}

/**
 * An emitter that hands every message to this process's listeners at once, as TopicEmitter does, and publishes notices
 * (topics the log does not keep) for the other processes. Log events are never published: every process's log follower
 * hears every commit of the cluster from PostgreSQL and publishes it here itself (docs/cluster-plan.md §2.1).
 */
class NoticeRelayingEmitter extends TopicEmitter {
  constructor(private readonly relay: Relay) {
    super();
  }

  override emit(message: Message, callback?: (error?: Error) => void): void {
    try {
      super.emit(message, callback);
    } finally {
      // A listener here that throws must not keep the notice from the other processes' subscribers.
      if (logSelectionOf(message.topic) === null) this.publish(message);
    }
  }

  /** Hands a message to this process's listeners only: a notice another process published. */
  emitHere(message: Message): void {
    super.emit(message);
  }

  private publish(message: Message): void {
    const { redis, process, localTopics, dropped } = this.relay;
    if (localTopics.has(message.topic)) return;
    if (redis.state() !== 'ready') {
      dropped.inc();
      return;
    }
    const sent: NoticeMessage = { process, topic: message.topic, payload: message['payload'] };
    // Commands fail at once while Redis is away (no offline queue): the notice is then lost, as above.
    redis.commands.publish(noticeChannel, JSON.stringify(sent)).catch(() => dropped.inc());
  }
}

/**
 * The live events port of a process in a cluster (PostgreSQL and Redis). Log events stay in the process, as with
 * InProcessLiveEvents. Notices (typing, AI answer text and stops, call notices) are emitted here at once, then published
 * as JSON on one Redis channel; a notice from another process is emitted here, this process's own are skipped.
 *
 * While Redis is away a notice is dropped, never queued: a late typing indicator or call signal is worse than none,
 * and each of them is repeated or recovered by its sender (the next keystroke, the AI answer's whole body in the next
 * delta and its final text in the log). Drops are counted on /metrics.
 *
 * Every notice payload is plain JSON (strings, booleans, null, arrays of strings: TypingNotice, AnswerDelta, the AI
 * stop, CallNotice), so it arrives as it was sent. A notice with a Date or a Map would need converting before it is
 * emitted.
 */
export class ClusterLiveEvents extends InProcessLiveEvents {
  private readonly heard = (channel: string, text: string) => this.receive(channel, text);

  private constructor(
    history: LiveHistory,
    private readonly relay: Relay,
  ) {
    // Log events (InProcessLiveEvents.publish) go through the same emitter, which never publishes them.
    super(history, new NoticeRelayingEmitter(relay));
  }

  /** Listens on the notice channel before answering, so nothing published after the start is missed. */
  static async start(history: LiveHistory, redis: RedisConnections, options: ClusterLiveEventsOptions): Promise<ClusterLiveEvents> {
    const live = new ClusterLiveEvents(history, {
      redis,
      process: options.processId ?? randomHex(8),
      localTopics: new Set(options.localTopics ?? []),
      dropped: new Counter({
        name: 'live_notices_dropped_total',
        help: 'Live notices (typing, AI answer text, call notices) not sent to the other processes because Redis was away',
        registers: [options.registry],
      }),
    });
    redis.subscriber.on('message', live.heard);
    // ioredis subscribes again by itself after a reconnection (autoResubscribe).
    await redis.subscriber.subscribe(noticeChannel);
    return live;
  }

  /** This process among the cluster's, in the messages it publishes. */
  get process(): string {
    return this.relay.process;
  }

  private receive(channel: string, text: string): void {
    if (channel !== noticeChannel) return;
    const message = parsedNotice(text);
    if (!message || message.process === this.relay.process) return;
    // Only notices travel here: a log event comes from the log, and a locally derived topic from this process.
    if (logSelectionOf(message.topic) !== null || this.relay.localTopics.has(message.topic)) return;
    (this.emitter as NoticeRelayingEmitter).emitHere({ topic: message.topic, payload: message.payload });
  }

  override async close(): Promise<void> {
    this.relay.redis.subscriber.removeListener('message', this.heard);
    // The connections may be away now; the app closes them after this.
    await this.relay.redis.subscriber.unsubscribe(noticeChannel).catch(() => undefined);
    await super.close();
  }
}

function parsedNotice(text: string): NoticeMessage | null {
  try {
    const value = JSON.parse(text) as Partial<NoticeMessage> | null;
    if (typeof value?.process !== 'string' || typeof value.topic !== 'string' || !('payload' in value)) return null;
    return value as NoticeMessage;
  } catch {
    return null;
  }
}

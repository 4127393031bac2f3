import type { Message } from 'mqemitter';
import type { AiPersona } from '#shared/ai';
import { errorMessages } from '#shared/errors';
import type { TeamSeat } from '../../core/access';
import type { UnitOfWork } from '../../core/commands';
import type { Cancel } from '../../core/jobs';
import { aiConversationStream } from '../../core/streams';
import type { Services } from '../../graphql/context';
import { buildPrompt, recentTurnLimit } from './answerPrompt';
import { AiFailure, streamCompletion } from './completion';
import type { AiAnswerFinished, AiCitationRecord, AiMode } from './conversationEvents';
import { findConversation, findMessage, recentMessages, streamingAnswers } from './conversationState';
import { citedSources, notFoundAnswer, retrieveSources, type RetrievedSource } from './retrieval';
import { teamPlanName } from '../teams';

/** Topic of an answer's live text (never in the log): what subAiMessage's feed hears beside the log's events. */
export const answerDeltaTopic = (conversationId: string) => `aiAnswer:${conversationId}`;
/** Topic every process listens on for stops: the process running the answer aborts it. */
export const answerStopTopic = 'aiAnswerStop';

/** Live text of an answer being written: the whole body so far and what was added since the previous notice. */
export interface AnswerDelta {
  type: 'ai.answer.delta';
  conversationId: string;
  answerId: string;
  body: string;
  delta: string;
}

interface StopNotice {
  answerId: string;
}

/** At most one delta notice per this many milliseconds per answer, so a fast model does not flood sockets. */
export const deltaIntervalMs = 50;

/** What the message says of an answer a restart found unfinished. */
export const interruptedMessage = 'The answer was interrupted: the server stopped while it was being written. Ask again.';

/** Everything an answer needs, decided when the question was recorded. */
export interface AnswerJob {
  teamId: string;
  userId: string;
  /** The asker's seat when they asked: AI search reads only what it lets them read. */
  seat: TeamSeat;
  conversationId: string;
  questionId: string;
  answerId: string;
  question: string;
  mode: AiMode;
  persona: AiPersona;
  tone: string | null;
  /** The asker's app language, or null. */
  language: string | null;
}

/** The kind of claimed work (process_work) an answer being written is: the process writing it holds it. */
const answerWork = 'ai-answer';

/** The periodic job (several processes only) that records the answers of processes that died while writing them. */
export const stoppedProcessesJob = 'ai: answers of stopped processes';
const stoppedProcessesIntervalMs = 30_000;

/** How an answer ended, as the log records it. */
export type AnswerOutcome = Omit<AiAnswerFinished, 'conversationId' | 'answerId'>;

/**
 * Writes answers in the background in this process: asks the provider, publishes the text live as it
 * comes, and records the end. Stops arrive through the live publish interface (the stop topic), so a stop
 * asked on any process reaches the one running the answer; the abort controllers here are only this
 * process's handles on its own requests. One runner per services instance (the app owns it).
 */
export class AnswerRunner {
  private readonly running = new Map<string, AbortController>();
  /** The app is closing: answers are aborted and left to the next start, which records them interrupted. */
  private closing = false;
  private readonly onStop = (message: Message, done: () => void) => {
    this.running.get((message as Message & { payload: StopNotice }).payload.answerId)?.abort();
    done();
  };

  constructor(private readonly services: Services) {}

  /**
   * Listens for stops, and records as failed the answers a previous run of the server left unfinished. With several
   * processes on one database, also every 30 s (one process per period) the answers of processes that died meanwhile.
   */
  start(): () => void {
    const { jobs, cluster, store } = this.services;
    const emitter = this.services.live.emitter;
    emitter.on(answerStopTopic, this.onStop);
    const startedAt = store.clock.now().toISOString();
    const cancelStartUp = jobs.soon('ai: interrupted answers', () => this.failInterrupted(startedAt));
    // An answer is claimed a few milliseconds after its row commits: only answers older than the process time-out are
    // looked at, so one just created is never taken for its writer's. That age is read on this process's clock against
    // the writer's (answers record their creation so), which tolerates clocks that differ by less than the time-out.
    const cancelPeriodic =
      cluster === null
        ? () => undefined
        : jobs.every(stoppedProcessesJob, stoppedProcessesIntervalMs, () =>
            this.failInterrupted(new Date(store.clock.now().getTime() - cluster.processTimeoutMs).toISOString()),
          );
    return () => {
      cancelStartUp();
      cancelPeriodic();
      emitter.removeListener(answerStopTopic, this.onStop);
      this.closing = true;
      for (const controller of this.running.values()) controller.abort();
    };
  }

  /** Starts writing an answer as a job of the platform's runner; it runs until it ends or is stopped. */
  run(job: AnswerJob): void {
    const controller = new AbortController();
    this.running.set(job.answerId, controller);
    // Several processes on one database: the answer is marked as this process's at once, so a process starting
    // meanwhile leaves it alone (failInterrupted). A claim that fails changes nothing here: the answer is written.
    const cluster = this.services.cluster;
    const held = cluster?.claimWork(answerWork, job.answerId).catch(() => false);
    this.services.jobs.soon(`ai: answer ${job.answerId}`, async () => {
      try {
        await held;
        await this.write(job, controller.signal);
      } catch (error) {
        // Whatever went wrong before the provider's answer (retrieval, the prompt), the answer must not stay streaming.
        if (!this.closing)
          await this.record(job, { ...finished('', 'failed'), error: errorMessages.AI_PROVIDER_FAILED, errorCode: 'AI_PROVIDER_FAILED' });
        throw error;
      } finally {
        this.running.delete(job.answerId);
        await cluster?.releaseWork(answerWork, job.answerId).catch(() => undefined);
      }
    });
  }

  /** Asks whichever process runs the answer to stop it. */
  requestStop(answerId: string): void {
    this.services.live.emitter.emit({ topic: answerStopTopic, payload: { answerId } satisfies StopNotice });
  }

  private async write(job: AnswerJob, signal: AbortSignal): Promise<void> {
    const { database, config } = this.services;
    let sources: RetrievedSource[] | null = null;
    if (job.mode === 'search') {
      // The team's plan as it is when the sources are read (its search history bounds them, as for getSearch).
      const viewer = { teamId: job.teamId, seat: job.seat, plan: await teamPlanName(database.db, job.teamId) };
      sources = await retrieveSources(database.db, viewer, job.question, this.services.store.clock.now());
      if (sources.length === 0) return this.record(job, finished(notFoundAnswer(job.language), 'done'));
    }
    // The question and its answer are the conversation's newest messages; the turns are those before them.
    const turns = (await recentMessages(database.db, job.conversationId, recentTurnLimit + 2)).filter(
      (message) => message.id !== job.questionId && message.id !== job.answerId,
    );
    const messages = buildPrompt({
      persona: job.persona,
      tone: job.tone,
      language: job.language,
      turns,
      question: job.question,
      sources,
      maxBytes: config.ai.maxPromptBytes,
    });
    const live = new LiveText(this.services, job);
    let usage: { promptTokens: number; completionTokens: number } | null = null;
    let outcome: AnswerOutcome;
    try {
      const stream = streamCompletion(this.services, { teamId: job.teamId, userId: job.userId, purpose: 'assistant', messages, signal });
      for (;;) {
        const step = await stream.next();
        if (step.done) {
          usage = step.value;
          break;
        }
        live.add(step.value);
      }
      // An aborted request ends the stream without an error: the person stopped it.
      outcome = finished(live.body, signal.aborted ? 'stopped' : 'done');
    } catch (error) {
      if (signal.aborted) outcome = finished(live.body, 'stopped');
      else if (error instanceof AiFailure) outcome = { ...finished(live.body, 'failed'), error: error.message, errorCode: error.code };
      else outcome = { ...finished(live.body, 'failed'), error: errorMessages.AI_PROVIDER_FAILED, errorCode: 'AI_PROVIDER_FAILED' };
    } finally {
      live.close();
    }
    if (this.closing) return;
    const citations: AiCitationRecord[] = sources === null || outcome.state === 'failed' ? [] : citedSources(outcome.body, sources);
    await this.record(job, {
      ...outcome,
      citations,
      promptTokens: usage?.promptTokens ?? null,
      completionTokens: usage?.completionTokens ?? null,
    });
  }

  /** Records how the answer ended, unless it ended already (stopped by another path, or deleted). */
  private async record(job: Pick<AnswerJob, 'teamId' | 'userId' | 'conversationId' | 'answerId'>, outcome: AnswerOutcome): Promise<void> {
    await this.services.store.run({ actorId: job.userId }, (unit) => recordAnswerEndIn(unit, job, outcome));
  }

  /**
   * Records as stopped an answer no process is running any more (the stop found nobody): what came so far
   * lived only in the process that ran it.
   */
  async recordUnattended(
    job: Pick<AnswerJob, 'teamId' | 'userId' | 'conversationId' | 'answerId'>,
    state: 'stopped' | 'failed',
  ): Promise<void> {
    const outcome = finished('', state);
    await this.record(job, state === 'failed' ? { ...outcome, error: interruptedMessage, errorCode: 'AI_PROVIDER_FAILED' } : outcome);
  }

  /**
   * Answers created before `createdBefore` and left streaming by a server that stopped before they ended: recorded
   * failed, "interrupted". With several processes on one database, only those whose process is gone: the claim
   * succeeds when no living process holds the answer. At start, an answer whose process had not yet claimed it when
   * this one looked (a matter of milliseconds after it was created) is failed too, and its process's own end then
   * records nothing more; the periodic run leaves such young answers alone (see `start`).
   */
  private async failInterrupted(createdBefore: string): Promise<void> {
    const { database, cluster } = this.services;
    for (const answer of await streamingAnswers(database.db)) {
      if (answer.createdAt >= createdBefore || this.running.has(answer.id)) continue;
      const conversation = await findConversation(database.db, answer.conversationId);
      if (!conversation) continue;
      if (cluster && !(await cluster.claimWork(answerWork, answer.id))) continue;
      const { teamId, userId } = conversation;
      await this.recordUnattended({ teamId, userId, conversationId: answer.conversationId, answerId: answer.id }, 'failed');
      await cluster?.releaseWork(answerWork, answer.id);
    }
  }
}

/**
 * Records in `unit` how an answer ended (`ai.answer.finished`), unless it ended already (stopped by another path, or
 * deleted); true when this unit recorded it.
 */
export async function recordAnswerEndIn(
  unit: UnitOfWork,
  job: Pick<AnswerJob, 'teamId' | 'conversationId' | 'answerId'>,
  outcome: AnswerOutcome,
): Promise<boolean> {
  // Whether it ended is the conversation's stream's state: locked first, so a stop and the end cannot both record it.
  await unit.lock(aiConversationStream(job.conversationId));
  const row = await findMessage(unit.transaction, job.answerId);
  if (!row || row.state !== 'streaming') return false;
  await unit.append(
    aiConversationStream(job.conversationId),
    [{ type: 'ai.answer.finished', payload: { conversationId: job.conversationId, answerId: job.answerId, ...outcome } }],
    { teamId: job.teamId },
  );
  return true;
}

function finished(body: string, state: AnswerOutcome['state']): AnswerOutcome {
  return { body, state, error: null, errorCode: null, citations: [], promptTokens: null, completionTokens: null };
}

/**
 * The answer's text as it comes, published to the conversation's subscribers at most once per interval:
 * text arriving sooner waits (a job flushes it when the interval is over), so every delta is delivered,
 * in order, and a fast model sends one notice per interval rather than one per token.
 */
class LiveText {
  body = '';
  private published = 0;
  private lastAt = 0;
  private flush: Cancel | null = null;

  constructor(
    private readonly services: Services,
    private readonly job: AnswerJob,
  ) {}

  add(delta: string): void {
    if (delta === '') return;
    this.body += delta;
    const wait = this.lastAt + deltaIntervalMs - Date.now();
    if (wait <= 0) this.publish();
    else this.flush ??= this.services.jobs.after(`ai: answer text ${this.job.answerId}`, wait, () => this.publish());
  }

  /** Publishes what is left; nothing is sent after this. */
  close(): void {
    this.publish();
  }

  private publish(): void {
    this.flush?.();
    this.flush = null;
    if (this.published === this.body.length) return;
    const notice: AnswerDelta = {
      type: 'ai.answer.delta',
      conversationId: this.job.conversationId,
      answerId: this.job.answerId,
      body: this.body,
      delta: this.body.slice(this.published),
    };
    this.published = this.body.length;
    this.lastAt = Date.now();
    this.services.live.emitter.emit({ topic: answerDeltaTopic(this.job.conversationId), payload: notice });
  }
}

const runners = new WeakMap<Services, AnswerRunner>();

export function answerRunnerOf(services: Services): AnswerRunner {
  let runner = runners.get(services);
  if (!runner) runners.set(services, (runner = new AnswerRunner(services)));
  return runner;
}

import { ManualClock } from '../../server/src/core/clock';
import type { UnitOfWork } from '../../server/src/core/commands';
import type { Projection } from '../../server/src/core/events';
import { aiConversationStream, aiLimitsStream, aiRequestStream } from '../../server/src/core/streams';
import { type DrizzleDatabase } from '../../server/src/db/connection';
import { tableDialect } from '../../server/src/db/pickTable';
import { recordAnswerEndIn, type AnswerOutcome } from '../../server/src/domains/ai/answerRunner';
import { startRequestIn } from '../../server/src/domains/ai/completion';
import type { AiConversationEvent } from '../../server/src/domains/ai/conversationEvents';
import { aiConversationsProjection } from '../../server/src/domains/ai/conversationProjection';
import {
  conversationMessages,
  findMessage,
  lockOwnConversation,
  lockOwnMessage,
  ownConversations,
  presentConversation,
  presentMessage,
  recentMessages,
  streamingAnswers,
  type Owner,
} from '../../server/src/domains/ai/conversationState';
import { teamAiLimits, teamUsageNow } from '../../server/src/domains/ai/limits';
import { aiConversations, aiLimits, aiMessages, aiUsage } from '../../server/src/domains/ai/tables';
import type { AiToolsEvent } from '../../server/src/domains/ai/toolsEvents';
import { aiToolsProjection } from '../../server/src/domains/ai/toolsProjection';
import { DomainError } from '../../server/src/errors';
import { openAreaDoor, outcomesOn, tableRowsOf } from './areaDoor';

/**
 * Runs the AI area's unit functions and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when set,
 * else a SQLite file of its own) and prints what they answered and what the tables hold, live and after a replay, as
 * one JSON line after `ai-on-door:`. tests/integration/ai-postgres.test.ts runs it once per dialect and compares: the
 * tables are picked once per process (db/pickTable.ts), so each dialect needs a process of its own.
 *
 * A request's start (startRequestIn, what streamCompletion runs before asking the provider) and an answer's end
 * (recordAnswerEndIn, what the answer runner and a stop nobody heard run) are the area's own unit functions. The
 * conversation commands are written here as the resolvers run them (lockOwnConversation or lockOwnMessage, then the
 * append), since the resolvers read the caller's team through the teams area, which is not converted yet. Ids are
 * fixed, so both runs compare as they are.
 */

const projections: Projection[] = [aiToolsProjection, aiConversationsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const team = '88000000-0000-4000-8000-0000000000f1';
const ada: Owner = { userId: '88000000-0000-4000-8000-00000000000a', teamId: team };
const bob: Owner = { userId: '88000000-0000-4000-8000-00000000000b', teamId: team };
const instanceDefaults = { requestsPerMinute: 60, tokensPerDay: 100_000 };
/** The n-th id of a kind (`c` conversation, `m` message, `r` request), fixed so both runs compare. */
const idOf = (kind: 'c' | 'm' | 'r', number: number) =>
  `88000000-0000-4000-8000-${kind === 'c' ? 'c' : kind === 'm' ? 'e' : 'a'}${String(number).padStart(11, '0')}`;
/** The two requests started at once, one of which is refused (which one may differ from run to run). */
const racingRequests = [3, 4] as const;
const outcomeOf = outcomesOn(clock);

/** The outcomes of units run at once, in a fixed order (which one of them wins may differ from run to run). */
function settledTogether(outcomes: PromiseSettledResult<unknown>[]): string[] {
  return outcomes
    .map((outcome) =>
      outcome.status === 'fulfilled'
        ? `answered ${JSON.stringify(outcome.value ?? null)}`
        : outcome.reason instanceof DomainError
          ? `refused ${outcome.reason.code}`
          : `failed ${String(outcome.reason)}`,
    )
    .sort();
}

const tableRows = (db: DrizzleDatabase) => tableRowsOf(db, [aiUsage, aiLimits, aiConversations, aiMessages]);

const door = await openAreaDoor('ai', projections, clock);
try {
  const { store, db } = door;
  const outcomes: Record<string, unknown> = {};

  // Requests and limits.
  const start = (number: number, owner: Owner) =>
    store.run({ actorId: owner.userId }, (unit) =>
      startRequestIn(unit, instanceDefaults, { requestId: idOf('r', number), teamId: team, userId: owner.userId, purpose: 'assistant' }),
    );
  const endRequest = (number: number, promptTokens: number, completionTokens: number) => {
    const ended: AiToolsEvent = {
      type: 'ai.request.ended',
      payload: {
        requestId: idOf('r', number),
        teamId: team,
        promptTokens,
        completionTokens,
        estimated: false,
        outcome: 'ok',
        errorCode: null,
      },
    };
    return store.append(aiRequestStream(idOf('r', number)), [ended], { teamId: team, actorId: ada.userId });
  };
  const setLimits = (requestsPerMinute: number, tokensPerDay: number) =>
    store.run({ actorId: ada.userId }, async (unit) => {
      const event: AiToolsEvent = { type: 'ai.limits.set', payload: { teamId: team, requestsPerMinute, tokensPerDay } };
      await unit.append(aiLimitsStream(team), [event], { teamId: team });
    });
  outcomes['ada starts a request on the instance defaults'] = await outcomeOf(() => start(1, ada));
  outcomes['it ends with 1200 tokens'] = await outcomeOf(async () => void (await endRequest(1, 1000, 200)));
  outcomes['the team sets 3 requests a minute'] = await outcomeOf(() => setLimits(3, 5000));
  outcomes['bob starts a second request'] = await outcomeOf(() => start(2, bob));
  // Two units at once take the minute's last request: one starts, the other is refused (the team's limits' stream is
  // locked before counting), never both. Which one starts may differ from run to run: both are ada's, and their ids
  // are printed as one label.
  clock.advance(1000);
  outcomes['ada starts the last request of the minute twice at once'] = settledTogether(
    await Promise.allSettled([start(racingRequests[0], ada), start(racingRequests[1], ada)]),
  );
  outcomes['bob starts one more in the same minute'] = await outcomeOf(() => start(5, bob));
  clock.advance(60_000);
  outcomes['the team lowers its tokens a day below what it used'] = await outcomeOf(() => setLimits(3, 1000));
  outcomes['a minute later ada starts one past the tokens of the day'] = await outcomeOf(() => start(6, ada));

  // Conversations, as the resolvers run them.
  const appendTo = (unit: UnitOfWork, conversationId: string, event: AiConversationEvent) =>
    unit.append(aiConversationStream(conversationId), [event], { teamId: team });
  const create = (owner: Owner, number: number) =>
    store.run({ actorId: owner.userId }, async (unit) => {
      const conversationId = idOf('c', number);
      await appendTo(unit, conversationId, { type: 'ai.conversation.created', payload: { conversationId, ...owner, type: 'chat' } });
    });
  const ask = (owner: Owner, conversation: number, question: number, body: string) =>
    store.run({ actorId: owner.userId }, async (unit) => {
      const { id: conversationId } = await lockOwnConversation(unit, owner, idOf('c', conversation));
      const payload = { conversationId, questionId: idOf('m', question), answerId: idOf('m', question + 1), body, mode: 'chat' as const };
      await appendTo(unit, conversationId, { type: 'ai.question.asked', payload: { ...payload, persona: 'assistant', tone: null } });
    });
  const rename = (owner: Owner, conversation: number, name: string) =>
    store.run({ actorId: owner.userId }, async (unit) => {
      const { id: conversationId } = await lockOwnConversation(unit, owner, idOf('c', conversation));
      await appendTo(unit, conversationId, { type: 'ai.conversation.renamed', payload: { conversationId, name } });
    });
  const deleteMessage = (owner: Owner, message: number) =>
    store.run({ actorId: owner.userId }, async (unit) => {
      const { message: found, conversation } = await lockOwnMessage(unit, owner, idOf('m', message));
      await appendTo(unit, conversation.id, {
        type: 'ai.message.deleted',
        payload: { conversationId: conversation.id, messageId: found.id },
      });
      return found.state;
    });
  const deleteConversation = (owner: Owner, conversation: number) =>
    store.run({ actorId: owner.userId }, async (unit) => {
      const { id: conversationId } = await lockOwnConversation(unit, owner, idOf('c', conversation));
      const streaming = (await conversationMessages(unit.transaction, conversationId)).filter((message) => message.state === 'streaming');
      await appendTo(unit, conversationId, { type: 'ai.conversation.deleted', payload: { conversationId } });
      return streaming.map((message) => message.id);
    });
  const ended = (body: string, state: AnswerOutcome['state'], promptTokens: number | null): AnswerOutcome => ({
    body,
    state,
    error: null,
    errorCode: null,
    citations: state === 'done' ? [{ kind: 'task', id: 'task-1', title: 'Walrus plan', link: '/t/1', project: null }] : [],
    promptTokens,
    completionTokens: promptTokens === null ? null : 7,
  });
  const recordEnd = (conversation: number, answer: number, outcome: AnswerOutcome) =>
    store.run({ actorId: ada.userId }, (unit) =>
      recordAnswerEndIn(unit, { teamId: team, conversationId: idOf('c', conversation), answerId: idOf('m', answer) }, outcome),
    );

  outcomes['ada opens a conversation'] = await outcomeOf(() => create(ada, 1));
  outcomes['ada asks a first question'] = await outcomeOf(() =>
    ask(ada, 1, 1, 'Where is the walrus migration plan kept, and who last changed the route through the tundra?'),
  );
  outcomes['its answer ends'] = await outcomeOf(() => recordEnd(1, 2, ended('In the Walrus plan [1].', 'done', 40)));
  outcomes['its end is recorded again'] = await outcomeOf(() => recordEnd(1, 2, ended('Again', 'done', 40)));
  outcomes['ada asks a second question'] = await outcomeOf(() => ask(ada, 1, 3, 'And the ocelots?'));
  // Two stops nobody heard record the answer's end at once (as the runner's end and a stop would): one of them records
  // it, never both (the conversation's stream is locked before the answer's state is read).
  clock.advance(1000);
  outcomes['the second answer is recorded stopped twice at once'] = settledTogether(
    await Promise.allSettled([recordEnd(1, 4, ended('', 'stopped', null)), recordEnd(1, 4, ended('', 'stopped', null))]),
  );
  outcomes['ada asks a third question'] = await outcomeOf(() => ask(ada, 1, 5, 'Anything else?'));
  outcomes['ada renames the conversation'] = await outcomeOf(() => rename(ada, 1, 'Walruses'));
  outcomes['bob renames ada’s conversation'] = await outcomeOf(() => rename(bob, 1, 'Mine'));
  outcomes['bob asks in ada’s conversation'] = await outcomeOf(() => ask(bob, 1, 90, 'Hello?'));
  outcomes['bob deletes ada’s question'] = await outcomeOf(() => deleteMessage(bob, 1));
  outcomes['ada deletes her first question'] = await outcomeOf(() => deleteMessage(ada, 1));
  outcomes['ada deletes a message nobody has'] = await outcomeOf(() => deleteMessage(ada, 99));
  outcomes['bob opens a conversation'] = await outcomeOf(() => create(bob, 2));
  outcomes['bob asks in it'] = await outcomeOf(() => ask(bob, 2, 7, 'Short one'));
  outcomes['ada opens another'] = await outcomeOf(() => create(ada, 3));
  outcomes['ada asks in it'] = await outcomeOf(() => ask(ada, 3, 9, 'To be deleted'));
  outcomes['ada deletes it while its answer streams'] = await outcomeOf(() => deleteConversation(ada, 3));
  outcomes['ada deletes it again'] = await outcomeOf(() => deleteConversation(ada, 3));

  const now = clock.now();
  const presented = async (owner: Owner) => {
    const list = [];
    for (const row of await ownConversations(db, owner)) list.push(await presentConversation(db, row));
    return list;
  };
  const reads = {
    'the team’s limits': await teamAiLimits(db, instanceDefaults, team),
    'another team’s limits': await teamAiLimits(db, instanceDefaults, '88000000-0000-4000-8000-0000000000f2'),
    'the team’s usage now': await teamUsageNow(db, team, now),
    'the team’s usage a day later': await teamUsageNow(db, team, new Date(now.getTime() + 86_400_000)),
    'ada’s conversations': await presented(ada),
    'bob’s conversations': await presented(bob),
    'ada’s messages': (await conversationMessages(db, idOf('c', 1))).map((row) => presentMessage(row)),
    'the two latest': (await recentMessages(db, idOf('c', 1), 2)).map((row) => row.id),
    'answers streaming': await streamingAnswers(db),
    'the stopped or ended answer': (await findMessage(db, idOf('m', 4)))?.state ?? null,
  };
  const live = await tableRows(db);
  const events = (await store.read()).map((event) => ({ stream: event.stream, version: event.version, type: event.type }));
  await door.replay();
  const replayed = await tableRows(db);
  let result = JSON.stringify({ dialect: tableDialect, outcomes, reads, live, replayed, events });
  for (const number of racingRequests) result = result.replaceAll(idOf('r', number), 'the racing request');
  process.stdout.write(`ai-on-door:${result}\n`);
} finally {
  await door.close();
}

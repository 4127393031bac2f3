import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { tableDialect } from '../../server/src/db/pickTable';
import { DomainError } from '../../server/src/errors';
import { findMessage, loadConversationAccess } from '../../server/src/domains/chat/access';
import { validateMessageInput } from '../../server/src/domains/chat/commands';
import { conversationOf, type Conversation } from '../../server/src/domains/chat/conversation';
import type { ChatCaller } from '../../server/src/domains/chat/guests';
import {
  deleteMessageIn,
  editMessageIn,
  messagePage,
  postMessageIn,
  reactMessageIn,
  readConversationIn,
} from '../../server/src/domains/chat/messageResolvers';
import { presentMessages } from '../../server/src/domains/chat/present';
import { chatProjection } from '../../server/src/domains/chat/projection';
import {
  createPrivatIn,
  editPrivatIn,
  leavePrivatIn,
  loadPrivatState,
  presentPrivatFor,
} from '../../server/src/domains/chat/privatResolvers';
import { lastMessages, latestSeq, unreadCount, unreadCounts } from '../../server/src/domains/chat/summaries';
import { chatReadMarkers, messageReactions, messages, privatMembers, privats } from '../../server/src/domains/chat/tables';
import { teamsModule } from '../../server/src/domains/teams';
import { idLabels, openAreaDoor, unitsReadingSpaces, outcomesOn, seedPeople, seedSpace, seedTeam, tableRowsOf } from './areaDoor';

/**
 * Runs the chat area's commands and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when set,
 * else a SQLite file of its own) and prints what they answered and what chat's tables hold, live and after a replay,
 * as one JSON line after `chat-on-door:`. tests/integration/chat-postgres.test.ts runs it once per dialect and
 * compares (the tables are picked once per process, db/pickTable.ts). Log positions (a message's seq, a read
 * marker's) are printed as their rank in the log (`p1`, …), so both runs compare. A space's channel and private
 * chats: a task's thread and a meeting room's chat read the tasks and meetings areas, converted apart.
 */

const projections: Projection[] = [chatProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
/** Ids as the app draws them (24 hex digits: mentions name people by such ids). */
const id = (number: number) => `c4a7000000000000${number.toString(16).padStart(8, '0')}`;
const ada = id(0xa);
const bob = id(0xb);
const cy = id(0xc);
const dan = id(0xd);
const team = id(0xf1);
const otherTeam = id(0xf2);
const space = id(0x51);
const channel = conversationOf('project', space);

const outcomeOf = outcomesOn(clock);
const member = (userId: string): ChatCaller => ({ kind: 'member', userId });

const door = await openAreaDoor('chat', projections, clock);
try {
  const { store, db } = door;
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'Ada', [bob]: 'Bob', [cy]: 'Cy' }, at, { emailVerified: true, defaultTeamId: team });
  await seedPeople(door, { [dan]: 'Dan' }, at, { emailVerified: true, defaultTeamId: otherTeam });
  await seedTeam(door, { id: team, name: 'Team', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic', [cy]: 'basic' }, at);
  await seedTeam(door, { id: otherTeam, name: 'Team', ownerId: dan }, { [dan]: 'admin' }, at);
  await seedSpace(door, { id: space, teamId: team, name: 'Launch', type: 'private', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);

  const outcomes: Record<string, unknown> = {};
  /** Ids shown by a name: the chats two racing units made (see startedTogether). */
  const raced = idLabels();
  const renamed = (value: unknown): unknown => JSON.parse(raced.labelledText(JSON.stringify(value ?? null)));
  /** A table row as printed: raced ids by name, and the chat ada and cy started at once made by either of them. */
  const shownRow = (row: unknown): unknown => {
    const shown = renamed(row) as Record<string, unknown>;
    if (shown['id'] === 'ada-cy chat' && (shown['authorId'] === ada || shown['authorId'] === cy)) shown['authorId'] = 'ada or cy';
    return shown;
  };
  // Spaces are read through the teams area's directory, as the app binds it to each database handle.
  const run = unitsReadingSpaces(door, teamsModule.spaceDirectory!);
  const post = (
    caller: string,
    conversation: Conversation,
    messageId: string,
    body: string,
    options: { clientId?: string; replyToId?: string } = {},
  ) =>
    run(caller, (unit) =>
      postMessageIn(unit, {
        caller: member(caller),
        conversation,
        messageId,
        input: validateMessageInput({ body, clientId: options.clientId ?? null }),
        replyToId: options.replyToId ?? null,
      }),
    );
  /** What two units running at once answered, in the order the database took them (sorted, so both runs compare). */
  const together = async (work: () => Promise<unknown>) =>
    (await Promise.allSettled([work(), work()]))
      .map((outcome) =>
        outcome.status === 'fulfilled'
          ? `answered ${JSON.stringify(outcome.value)}`
          : outcome.reason instanceof DomainError
            ? `refused ${outcome.reason.code}`
            : `failed ${String(outcome.reason)}`,
      )
      .sort();

  // A space's channel: posts, a resend, a reply, mentions, edits, reactions, deletions and reads.
  outcomes['ada posts mentioning bob and cy'] = await outcomeOf(() =>
    post(ada, channel, id(0x1001), `Hello @[Bob](${bob}) and @[Cy](${cy})`, { clientId: 'client-1' }),
  );
  outcomes['ada resends it'] = await outcomeOf(() => post(ada, channel, id(0x1002), 'Hello again', { clientId: 'client-1' }));
  outcomes['bob replies'] = await outcomeOf(() => post(bob, channel, id(0x1003), 'Hi!', { replyToId: id(0x1001) }));
  outcomes['bob replies to a message that is not there'] = await outcomeOf(() =>
    post(bob, channel, id(0x1004), 'Hm?', { replyToId: id(0x9999) }),
  );
  outcomes['cy, not in the space, posts'] = await outcomeOf(() => post(cy, channel, id(0x1005), 'Let me in'));
  outcomes['dan, of another team, posts'] = await outcomeOf(() => post(dan, channel, id(0x1006), 'Hello?'));
  outcomes['ada edits hers'] = await outcomeOf(() =>
    run(ada, (unit) => editMessageIn(unit, member(ada), id(0x1001), `Hello @[Bob](${bob}), agenda attached`)),
  );
  outcomes['ada edits it to the same words'] = await outcomeOf(() =>
    run(ada, (unit) => editMessageIn(unit, member(ada), id(0x1001), `Hello @[Bob](${bob}), agenda attached`)),
  );
  outcomes['bob edits ada’s'] = await outcomeOf(() => run(bob, (unit) => editMessageIn(unit, member(bob), id(0x1001), 'Mine now')));
  outcomes['bob reacts'] = await outcomeOf(() => run(bob, (unit) => reactMessageIn(unit, member(bob), id(0x1001), '👍')));
  outcomes['ada reacts'] = await outcomeOf(() => run(ada, (unit) => reactMessageIn(unit, member(ada), id(0x1001), '🎉')));
  outcomes['bob takes his back'] = await outcomeOf(() => run(bob, (unit) => reactMessageIn(unit, member(bob), id(0x1001), '👍')));
  outcomes['ada posts a third'] = await outcomeOf(() => post(ada, channel, id(0x1007), 'Agenda: **launch**'));
  outcomes['bob deletes ada’s'] = await outcomeOf(() => run(bob, (unit) => deleteMessageIn(unit, member(bob), id(0x1007))));
  outcomes['ada, an administrator, deletes bob’s reply'] = await outcomeOf(() =>
    run(ada, (unit) => deleteMessageIn(unit, member(ada), id(0x1003))),
  );
  outcomes['ada deletes it again'] = await outcomeOf(() => run(ada, (unit) => deleteMessageIn(unit, member(ada), id(0x1003))));
  outcomes['bob reads the channel'] = await outcomeOf(() => run(bob, (unit) => readConversationIn(unit, bob, channel)));
  outcomes['bob reads it again'] = await outcomeOf(() => run(bob, (unit) => readConversationIn(unit, bob, channel)));
  outcomes['cy reads a channel she is not in'] = await outcomeOf(() => run(cy, (unit) => readConversationIn(unit, cy, channel)));

  // Races, one per lock: each is decided once, the second unit deciding on what the first committed.
  clock.advance(1000);
  outcomes['ada sends one message twice at once'] = await together(() =>
    post(ada, channel, id(0x1010), 'Sent twice', { clientId: 'client-2' }).then(() => 'sent'),
  );
  clock.advance(1000);
  outcomes['bob deletes his new message twice at once'] = await post(bob, channel, id(0x1011), 'Oops').then(() =>
    together(() => run(bob, (unit) => deleteMessageIn(unit, member(bob), id(0x1011))).then(() => 'deleted')),
  );
  clock.advance(1000);
  outcomes['bob reacts twice at once'] = await together(() =>
    run(bob, (unit) => reactMessageIn(unit, member(bob), id(0x1010), '👀')).then(() => 'toggled'),
  );
  clock.advance(1000);
  outcomes['ada reads the channel twice at once'] = await together(() =>
    run(ada, (unit) => readConversationIn(unit, ada, channel)).then(() => 'read'),
  );

  // Private chats: one-to-one (once per pair), a group, edits, leaving.
  const create = (creatorId: string, privatId: string, userIds: string[], name: string | null = null) =>
    run(creatorId, (unit) => createPrivatIn(unit, { privatId, creatorId, userIds, name, logo: null }));
  outcomes['ada starts a chat with bob'] = await outcomeOf(() => create(ada, id(0x2001), [bob]));
  outcomes['bob starts a chat with ada'] = await outcomeOf(() => create(bob, id(0x2002), [ada]));
  outcomes['ada starts one with dan of another team'] = await outcomeOf(() => create(ada, id(0x2003), [dan]));
  outcomes['ada starts a chat with nobody'] = await outcomeOf(() => create(ada, id(0x2004), []));
  outcomes['ada starts a group'] = await outcomeOf(() => create(ada, id(0x2005), [bob, cy], 'Launch crew'));
  outcomes['bob names the one-to-one chat'] = await outcomeOf(() =>
    run(bob, (unit) => editPrivatIn(unit, bob, id(0x2001), { name: 'Us two' })),
  );
  outcomes['bob renames the group'] = await outcomeOf(() => run(bob, (unit) => editPrivatIn(unit, bob, id(0x2005), { name: 'Crew' })));
  outcomes['cy leaves the group'] = await outcomeOf(() => run(cy, (unit) => leavePrivatIn(unit, cy, id(0x2005))));
  outcomes['cy leaves it again'] = await outcomeOf(() => run(cy, (unit) => leavePrivatIn(unit, cy, id(0x2005))));
  outcomes['bob leaves the one-to-one chat'] = await outcomeOf(() => run(bob, (unit) => leavePrivatIn(unit, bob, id(0x2001))));
  outcomes['bob writes in it'] = await outcomeOf(() => post(bob, conversationOf('privat', id(0x2001)), id(0x1020), 'Lunch?'));
  outcomes['ada answers with the client id of her first message'] = await outcomeOf(() =>
    post(ada, conversationOf('privat', id(0x2001)), id(0x1021), 'Yes', { clientId: 'client-1' }),
  );
  outcomes['cy writes in the group she left'] = await outcomeOf(() => post(cy, conversationOf('privat', id(0x2005)), id(0x1022), 'Hi'));
  /**
   * Two one-to-one chats started at once: how many units answered, and how many chats they answered. Which of the two
   * ids the chat was made with is up to the database, so each is printed by what became of it (`renamed`).
   */
  const startedTogether = async (name: string, starts: [string, string, string][]) => {
    const settled = await Promise.allSettled(starts.map(([creatorId, privatId, otherId]) => create(creatorId, privatId, [otherId])));
    const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const made = JSON.stringify(answers[0] ?? null);
    for (const [, privatId] of starts) raced.name(privatId, made.includes(privatId) ? name : `${name}, not made`);
    const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    return { answered: answers.length, chats: new Set(answers).size, failures };
  };
  clock.advance(1000);
  outcomes['bob starts his chat with cy twice at once'] = await startedTogether('bob-cy chat', [
    [bob, id(0x2010), cy],
    [bob, id(0x2011), cy],
  ]);
  clock.advance(1000);
  outcomes['ada and cy start their chat at once'] = await startedTogether('ada-cy chat', [
    [ada, id(0x2012), cy],
    [cy, id(0x2013), ada],
  ]);

  // Reads: pages, unread counts (both ways of counting), last messages, markers, private chats as each sees them.
  const now = clock.now();
  const page = async (viewerId: string, conversation: Conversation, limit: number, before: string | null = null) => {
    const access = (await loadConversationAccess(db, conversation, viewerId))!;
    const rows = await messagePage(db, conversation, access.teamId, { limit, before }, now);
    return presentMessages(db, rows, viewerId, () => access.moderate);
  };
  const privatChats = [id(0x2001), id(0x2005)];
  const reads = {
    'the channel as ada sees it': await page(ada, channel, 50),
    'the channel as bob sees it, two at a time': await page(bob, channel, 2),
    'the page before the newest two': await page(bob, channel, 2, id(0x1010)),
    'unread counts': Object.fromEntries(
      await Promise.all(
        [ada, bob].map(async (userId) => [userId, [...(await unreadCounts(db, userId, [channel.key, `privat:${id(0x2001)}`], now))]]),
      ),
    ),
    'unread count from the newest messages': Object.fromEntries(
      await Promise.all([ada, bob].map(async (userId) => [userId, await unreadCount(db, undefined, userId, channel.key, now)])),
    ),
    'last messages as bob sees them': [
      ...(await lastMessages(db, bob, [channel.key, `privat:${id(0x2001)}`, `privat:${id(0x2005)}`], () => false, now)),
    ],
    'a deleted message, kept for its quote': await findMessage(db, id(0x1003)),
    'the group as bob sees it': await presentPrivatFor(db, id(0x2005), bob, now),
    'the group as cy sees it, having left': await presentPrivatFor(db, id(0x2005), cy, now),
    'the one-to-one chat as ada sees it': await presentPrivatFor(db, id(0x2001), ada, now),
    'private chats’ states': Object.fromEntries(
      await Promise.all(privatChats.map(async (privatId) => [privatId, await loadPrivatState(db, privatId)])),
    ),
  };

  const chatTables = [messages, messageReactions, privats, privatMembers, chatReadMarkers];
  const live = await tableRowsOf(db, chatTables, shownRow);
  const logged = await store.read();
  await door.replay();
  const replayed = await tableRowsOf(db, chatTables, shownRow);

  // Positions as their rank in the log: the numbers each database draws need not be the same.
  const ranks = new Map(logged.map((event, index) => [event.seq, `p${index + 1}`]));
  const ranked = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(ranked);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [
          key,
          key === 'seq' && typeof entry === 'number' ? (ranks.get(entry) ?? entry) : ranked(entry),
        ]),
      );
    }
    return value;
  };
  const events = logged.map((event) => ({
    stream: event.stream,
    version: event.version,
    type: event.type,
    added: event.type === 'message.reacted' ? (event.payload as { added: boolean }).added : undefined,
  }));
  const newestSeq = ranks.get(await latestSeq(db, channel.key)) ?? 'none';
  const result = {
    dialect: tableDialect,
    outcomes,
    reads: { ...reads, 'the newest seq of the channel': newestSeq },
    live,
    replayed,
    events,
  };
  process.stdout.write(`chat-on-door:${JSON.stringify(renamed(ranked(result)))}\n`);
} finally {
  await door.close();
}

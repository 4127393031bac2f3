// Chat reads benchmark, in process on SQLite: the reads on chat's request and fan-out path (a conversation's access,
// a message by id, a page of 50 presented, unread counts by query and from the newest messages kept per log position,
// the last message kept per position), each timed as CPU per call over many calls after a warm-up. Written with
// `await` on every read, so it runs on the synchronous readers of before issue 21's conversion as on the async ones:
// `npx tsx bench/chatReads.ts`. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../server/src/core/ids';
import { openDatabase } from '../server/src/db/connection';
import { chatReadMarkers, events, messages, projectMembers, projects, teamMembers, teams, users } from '../server/src/db/schema';
import { findMessage, loadConversationAccess } from '../server/src/domains/chat/access';
import { conversationOf } from '../server/src/domains/chat/conversation';
import { presentMessages } from '../server/src/domains/chat/present';
import { lastMessages, unreadCount, unreadCounts } from '../server/src/domains/chat/summaries';
import { loadAverage } from './support';

const folder = mkdtempSync(join(tmpdir(), 'bench-chat-reads-'));
const database = openDatabase(join(folder, 'workspace.sqlite'));
const { db } = database;
const at = '2026-06-01T12:00:00.000Z';
const now = new Date('2026-06-02T12:00:00.000Z');
const team = newId();
const space = newId();
const people = Array.from({ length: 20 }, () => newId());
const conversation = conversationOf('project', space);

await db.insert(teams).values({ id: team, name: 'Team', plan: 'free', ownerId: people[0]!, createdAt: at });
for (const [index, userId] of people.entries()) {
  await db.insert(users).values({
    id: userId,
    email: `person${index}@example.com`,
    firstname: `Person${index}`,
    lastname: 'B',
    language: 'en',
    currency: 'usd',
    emailVerified: true,
    defaultTeamId: team,
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(teamMembers).values({ teamId: team, userId, role: index === 0 ? 'admin' : 'basic', joinedAt: at });
}
await db.insert(projects).values({
  id: space,
  teamId: team,
  name: 'Launch',
  isPersonal: false,
  type: 'public',
  ownerId: people[0]!,
  createdAt: at,
  updatedAt: at,
});
for (const userId of people) await db.insert(projectMembers).values({ projectId: space, userId, permission: 'basic', joinedAt: at });
const messageIds: string[] = [];
for (let seq = 1; seq <= 2000; seq += 1) {
  const id = newId();
  messageIds.push(id);
  await db.insert(messages).values({
    id,
    teamId: team,
    conversation: conversation.key,
    spaceId: space,
    seq,
    authorId: people[seq % people.length]!,
    body: `Message ${seq}: the quick brown fox jumps over the lazy dog.`,
    type: 'text',
    replyToId: seq > 1 && seq % 10 === 0 ? messageIds[seq - 2]! : null,
    mentions: [],
    createdAt: at,
  });
}
// Each reader has read up to a recent message, within the newest ones kept per position.
for (const [index, userId] of people.entries()) {
  await db.insert(chatReadMarkers).values({ userId, conversation: conversation.key, seq: 2000 - index * 5, readAt: at });
}
// The log's head, which the kept summaries are keyed by.
await db
  .insert(events)
  .values({ id: newId(), teamId: team, stream: 'bench', version: 1, type: 'bench.seeded', payload: {}, createdAt: at });
const page = (await db.select().from(messages)).slice(-50).reverse();

async function timed(name: string, calls: number, read: (index: number) => Promise<unknown>) {
  for (let index = 0; index < Math.min(calls, 200); index += 1) await read(index);
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) await read(index);
  const used = process.cpuUsage(started);
  console.log(`  ${name}: ${((used.user + used.system) / calls).toFixed(1)} µs CPU per call`);
}

console.log(
  `Chat reads (in process, SQLite; 2,000 messages in one channel, 20 readers who read up to one of the newest 100); load average ${loadAverage()}`,
);
await timed('loadConversationAccess (a space channel)', 20_000, (index) => loadConversationAccess(db, conversation, people[index % 20]!));
await timed('findMessage', 50_000, (index) => findMessage(db, messageIds[index % 2000]!));
await timed('presentMessages, a page of 50', 2_000, (index) => presentMessages(db, page, people[index % 20]!, () => false));
await timed('unreadCounts (the count query)', 5_000, (index) => unreadCounts(db, people[index % 20]!, [conversation.key], now));
await timed('unreadCount (from the newest messages kept per position)', 20_000, (index) =>
  unreadCount(db, database, people[index % 20]!, conversation.key, now),
);
await timed('lastMessages (kept per position)', 20_000, (index) =>
  lastMessages(db, people[index % 20]!, [conversation.key], () => false, now, database),
);
console.log(`  load average ${loadAverage()}`);
database.close();
rmSync(folder, { recursive: true, force: true });

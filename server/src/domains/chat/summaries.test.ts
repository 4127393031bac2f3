import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { unreadCount, unreadCounts, unreadTailLength } from './summaries';
import { events } from '../../core/sqlite/tables';
import { teams } from '../../db/schema';
import { chatReadMarkers, messages } from './tables';

const teamId = newId();
const conversation = `project:${newId()}`;
const people = Array.from({ length: 4 }, () => newId());
const now = new Date('2026-06-01T12:00:00Z');
const day = 24 * 60 * 60 * 1000;

let folder: string;
let database: DatabaseHandle;
let appended = 0;

/** Moves the log on, as the event behind any of these changes would. */
async function appendEvent() {
  appended += 1;
  await database.db.insert(events).values({
    id: `event-${appended}`,
    teamId,
    stream: `test:${appended}`,
    version: 1,
    type: 'test.happened',
    payload: {},
    createdAt: '2026-01-01',
  });
}

/** A small deterministic generator, so a failing sequence can be run again. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'chat-summaries-'));
  database = openDatabase(join(folder, 'workspace.sqlite'));
  await database.db.insert(teams).values({ id: teamId, name: 'Team', plan: 'free', ownerId: people[0]!, createdAt: '2026-01-01' });
});

afterEach(() => {
  database.sqlite.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('unreadCount', () => {
  it('equals the count query for every reader over random messages, deletions, reads and plan changes', async () => {
    for (const seed of [1, 2]) {
      const random = randomFrom(seed);
      const db = database.db;
      await db.delete(messages);
      await db.delete(chatReadMarkers);
      let seq = 0;
      let comparisons = 0;
      let countedFromTail = 0;
      // Enough messages that some markers fall behind the kept newest ones, so both ways of counting are compared.
      for (let step = 0; step < unreadTailLength + 150; step += 1) {
        const choice = random(20);
        if (choice < 13 || seq === 0) {
          seq += 1;
          // Some messages older than the free plan's 90 days of history: they are never counted as unread.
          const age = random(5) === 0 ? (91 + random(30)) * day : random(60) * day;
          await db.insert(messages).values({
            id: newId(),
            teamId,
            conversation,
            seq,
            authorId: people[random(people.length)]!,
            body: 'text',
            type: 'text',
            mentions: [],
            createdAt: new Date(now.getTime() - age).toISOString(),
          });
        } else if (choice < 16) {
          await db
            .update(messages)
            .set({ deletedAt: now.toISOString() })
            .where(eqSeq(1 + random(seq)));
        } else if (choice < 19) {
          const userId = people[random(people.length)]!;
          const read = 1 + random(seq);
          await db
            .insert(chatReadMarkers)
            .values({ userId, conversation, seq: read, readAt: now.toISOString() })
            .onConflictDoUpdate({ target: [chatReadMarkers.userId, chatReadMarkers.conversation], set: { seq: read } });
        } else {
          await db
            .update(teams)
            .set({ plan: random(2) === 0 ? 'free' : 'unlimited' })
            .where(eq(teams.id, teamId));
        }
        await appendEvent();
        for (const userId of people) {
          const expected = (await unreadCounts(db, userId, [conversation], now)).get(conversation) ?? 0;
          expect(await unreadCount(db, database, userId, conversation, now)).toBe(expected);
          comparisons += 1;
          const [marker] = await db
            .select({ seq: chatReadMarkers.seq })
            .from(chatReadMarkers)
            .where(and(eq(chatReadMarkers.userId, userId), eq(chatReadMarkers.conversation, conversation)));
          if (seq <= unreadTailLength || (marker?.seq ?? 0) >= seq - unreadTailLength + 1) countedFromTail += 1;
        }
      }
      expect(comparisons).toBe((unreadTailLength + 150) * people.length);
      expect(countedFromTail).toBeGreaterThan(0);
      expect(countedFromTail).toBeLessThan(comparisons);
    }
  });

  it('counts from what was read at the log position until the log moves on', async () => {
    const db = database.db;
    const write = (seqValue: number) =>
      db.insert(messages).values({
        id: newId(),
        teamId,
        conversation,
        seq: seqValue,
        authorId: people[1]!,
        body: 'text',
        type: 'text',
        mentions: [],
        createdAt: now.toISOString(),
      });
    await write(1);
    await appendEvent();
    expect(await unreadCount(db, database, people[0]!, conversation, now)).toBe(1);
    await write(2);
    await appendEvent();
    expect(await unreadCount(db, database, people[0]!, conversation, now)).toBe(2);
    expect(await unreadCount(db, database, people[1]!, conversation, now)).toBe(0);
  });
});

function eqSeq(seqValue: number) {
  return and(eq(messages.conversation, conversation), eq(messages.seq, seqValue));
}

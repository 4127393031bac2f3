import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { unreadCount, unreadCounts, unreadTailLength } from './summaries';
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
function appendEvent() {
  appended += 1;
  database.sqlite
    .prepare(
      "INSERT INTO events (id, team_id, stream, version, type, payload, created_at) VALUES (?, ?, ?, 1, 'test.happened', '{}', '2026-01-01')",
    )
    .run(`event-${appended}`, teamId, `test:${appended}`);
}

/** A small deterministic generator, so a failing sequence can be run again. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'chat-summaries-'));
  database = openDatabase(join(folder, 'workspace.sqlite'));
  database.sqlite
    .prepare("INSERT INTO teams (id, name, plan, owner_id, created_at) VALUES (?, 'Team', 'free', ?, '2026-01-01')")
    .run(teamId, people[0]);
});

afterEach(() => {
  database.sqlite.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('unreadCount', () => {
  it('equals the count query for every reader over random messages, deletions, reads and plan changes', () => {
    for (const seed of [1, 2]) {
      const random = randomFrom(seed);
      const db = database.db;
      db.delete(messages).run();
      db.delete(chatReadMarkers).run();
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
          db.insert(messages)
            .values({
              id: newId(),
              teamId,
              conversation,
              seq,
              authorId: people[random(people.length)]!,
              body: 'text',
              type: 'text',
              mentions: [],
              createdAt: new Date(now.getTime() - age).toISOString(),
            })
            .run();
        } else if (choice < 16) {
          db.update(messages)
            .set({ deletedAt: now.toISOString() })
            .where(eqSeq(1 + random(seq)))
            .run();
        } else if (choice < 19) {
          const userId = people[random(people.length)]!;
          const read = 1 + random(seq);
          db.insert(chatReadMarkers)
            .values({ userId, conversation, seq: read, readAt: now.toISOString() })
            .onConflictDoUpdate({ target: [chatReadMarkers.userId, chatReadMarkers.conversation], set: { seq: read } })
            .run();
        } else {
          database.sqlite.prepare('UPDATE teams SET plan = ? WHERE id = ?').run(random(2) === 0 ? 'free' : 'unlimited', teamId);
        }
        appendEvent();
        for (const userId of people) {
          const expected = unreadCounts(db, userId, [conversation], now).get(conversation) ?? 0;
          expect(unreadCount(db, database.sqlite, userId, conversation, now)).toBe(expected);
          comparisons += 1;
          const marker = database.sqlite
            .prepare<[string, string], { seq: number }>('SELECT seq FROM chat_read_markers WHERE user_id = ? AND conversation = ?')
            .get(userId, conversation);
          if (seq <= unreadTailLength || (marker?.seq ?? 0) >= seq - unreadTailLength + 1) countedFromTail += 1;
        }
      }
      expect(comparisons).toBe((unreadTailLength + 150) * people.length);
      expect(countedFromTail).toBeGreaterThan(0);
      expect(countedFromTail).toBeLessThan(comparisons);
    }
  });

  it('counts from what was read at the log position until the log moves on', () => {
    const db = database.db;
    const write = (seqValue: number) =>
      db
        .insert(messages)
        .values({
          id: newId(),
          teamId,
          conversation,
          seq: seqValue,
          authorId: people[1]!,
          body: 'text',
          type: 'text',
          mentions: [],
          createdAt: now.toISOString(),
        })
        .run();
    write(1);
    appendEvent();
    expect(unreadCount(db, database.sqlite, people[0]!, conversation, now)).toBe(1);
    write(2);
    appendEvent();
    expect(unreadCount(db, database.sqlite, people[0]!, conversation, now)).toBe(2);
    expect(unreadCount(db, database.sqlite, people[1]!, conversation, now)).toBe(0);
  });
});

function eqSeq(seqValue: number) {
  return and(eq(messages.conversation, conversation), eq(messages.seq, seqValue));
}

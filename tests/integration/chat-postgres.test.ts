import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/**
 * The chat area (plan option B3: tables picked per process, code awaiting drizzle's builders and running its prepared
 * queries with .execute) on both command doors: tests/support/chatOnDoor.ts runs the same commands and reads once on
 * a SQLite file and once on PostgreSQL (a throw-away cluster), each in a process of its own, and this compares what
 * they answered, what chat's tables hold row for row, the log, and replay with live on each. The races run two units
 * at once for each lock the commands take: without it PostgreSQL decides twice on the same state.
 */

type ChatRun = Omit<AreaRun, 'events'> & { events: { stream: string; version: number; type: string; added?: boolean }[] };

let onSqlite: ChatRun;
let onPostgres: ChatRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<ChatRun>('chat'));
}, 180_000);

const eventsOf = (run: ChatRun, type: string, stream?: string) =>
  run.events.filter((event) => event.type === type && (stream === undefined || event.stream.endsWith(stream)));

describe('the chat area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('answers and refuses posts, edits, deletions, reactions, reads and private chats alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada resends it']).toEqual(onSqlite.outcomes['ada posts mentioning bob and cy']);
    expect(onSqlite.outcomes['bob edits ada’s']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['ada deletes it again']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob starts a chat with ada']).toEqual(onSqlite.outcomes['ada starts a chat with bob']);
    expect(onSqlite.outcomes['ada answers with the client id of her first message']).toEqual({ refused: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('sends a message sent twice at once once (the conversation is locked before its client id is looked for)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['ada sends one message twice at once']).toEqual(['answered "sent"', 'answered "sent"']);
      // ada's first message, bob's reply, ada's third, the one sent twice, bob's deleted one: five in the channel.
      expect(eventsOf(run, 'message.created', 'project:c4a700000000000000000051')).toHaveLength(5);
    }
  });

  it('deletes a message once when it is deleted twice at once, and toggles a reaction twice (the conversation is locked)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['bob deletes his new message twice at once']).toEqual(['answered "deleted"', 'refused NOT_FOUND']);
      expect(eventsOf(run, 'message.deleted')).toHaveLength(2);
      expect(run.outcomes['bob reacts twice at once']).toEqual(['answered "toggled"', 'answered "toggled"']);
      expect(eventsOf(run, 'message.reacted').map((event) => event.added)).toEqual([true, true, false, true, false]);
    }
  });

  it('moves a read position once when a conversation is read twice at once (the reader’s reads are locked)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['ada reads the channel twice at once']).toEqual(['answered "read"', 'answered "read"']);
      expect(eventsOf(run, 'chat.read')).toHaveLength(2);
    }
  });

  it('creates one one-to-one chat per pair when it is started twice at once, from one side or both (the pair is locked)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['bob starts his chat with cy twice at once']).toEqual({ answered: 2, chats: 1, failures: [] });
      expect(run.outcomes['ada and cy start their chat at once']).toEqual({ answered: 2, chats: 1, failures: [] });
      expect(eventsOf(run, 'privat.created')).toHaveLength(4);
    }
  });

  it('reads the same pages, unread counts, last messages and private chats', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['unread count from the newest messages']).toEqual({
      c4a70000000000000000000a: 0,
      c4a70000000000000000000b: 1,
    });
    const page = onSqlite.reads['the channel as ada sees it'] as { body: string; reactions: { emoji: string; count: number }[] }[];
    expect(page.map((message) => message.body)).toEqual([
      'Sent twice',
      'Agenda: **launch**',
      `Hello @[Bob](c4a70000000000000000000b), agenda attached`,
    ]);
    expect(page[2]!.reactions).toEqual([{ emoji: '🎉', count: 1, users: ['c4a70000000000000000000a'] }]);
  });

  it('holds the same rows in chat’s tables and the same log, and replay equals live on each', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    expect(onPostgres.replayed).toEqual(onPostgres.live);
    expect(onSqlite.replayed).toEqual(onSqlite.live);
  });
});

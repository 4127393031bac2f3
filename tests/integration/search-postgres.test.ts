import { sql as drizzleSql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, StoredEvent } from '../../server/src/core/events';
import { connectPostgres, type Sql } from '../../server/src/core/postgres/connect';
import { PostgresEventStore } from '../../server/src/core/postgres/eventStore';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import type { ConversationRef, MessageCreated, MessageDeleted, MessageEdited } from '../../server/src/domains/chat/events';
import { openDatabase } from '../../server/src/db/connection';
import type { SearchScope } from '../../server/src/domains/search/port';
import { searchProjection } from '../../server/src/domains/search/projection';
import { postgresSearchProjection } from '../../server/src/domains/search/postgres/projection';
import { migrateSearchIndex, postgresSearchIndex } from '../../server/src/domains/search/postgres/tsvectorIndex';
import { describeSearchIndexConformance } from '../../server/src/domains/search/searchIndexPort.conformance';
import { runOnBothDoors } from '../support/areaOnDoors';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  // The command door's readers by position wait for older transactions: no autovacuum transaction may hold them back.
  cluster = await startPostgresCluster({ autovacuum: false });
});
afterAll(async () => {
  await cluster?.stop();
});

describeSearchIndexConformance('PostgreSQL', async () => {
  const url = await cluster.createDatabase('search_conformance');
  const sql = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 });
  await migrateSearchIndex(sql);
  return {
    index: postgresSearchIndex(sql),
    close: () => sql.end(),
  };
});

it("deletes a removed doc's stored text with its item, and keeps the texts of docs not removed", async () => {
  const url = await cluster.createDatabase('search_doc_texts_removed');
  const sql: Sql = await connectPostgres({ url, poolSize: 2, statementTimeoutMs: 30_000 });
  try {
    await migrateSearchIndex(sql);
    const index = postgresSearchIndex(sql);
    const doc = (itemId: string, spaceId: string) => ({
      kind: 'doc' as const,
      itemId,
      teamId: 'team-1',
      spaceId,
      privatId: null,
      taskId: null,
      meetingroomId: null,
      code: null,
      emoji: null,
      folderId: null,
      createdAt: '2026-06-01T00:00:00.000Z',
      title: itemId,
      body: '',
    });
    await index.apply([
      { type: 'add', item: doc('doc-removed', 'space-1') },
      { type: 'add', item: doc('doc-kept', 'space-1') },
      { type: 'add', item: doc('doc-in-removed-space', 'space-2') },
      ...['doc-removed', 'doc-kept', 'doc-in-removed-space'].map((docId) => ({
        type: 'setDocText' as const,
        docId,
        text: 'text',
        updatedAt: '2026-06-01T00:00:00.000Z',
      })),
    ]);
    await index.apply([
      { type: 'remove', where: { kind: 'doc', itemId: 'doc-removed' } },
      { type: 'remove', where: { spaceId: 'space-2' } },
    ]);
    const texts = await sql<{ doc_id: string }[]>`SELECT doc_id FROM search_doc_texts ORDER BY doc_id`;
    expect(texts.map((row) => row.doc_id)).toEqual(['doc-kept']);
  } finally {
    await sql.end();
  }
});

describe("the search projection in the PostgreSQL command door: the index written in the unit's transaction", () => {
  const teamId = 'team-1';
  const scope: SearchScope = { teamId, spaceIds: ['space-1'], privatIds: ['privat-1'], meetingroomIds: [], eventIds: [] };
  let sql: Sql;
  let store: PostgresEventStore;
  beforeAll(async () => {
    const url = await cluster.createDatabase('search_projection');
    sql = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 });
    await migratePostgres(sql);
    await migrateSearchIndex(sql);
    store = await PostgresEventStore.open(sql, [postgresSearchProjection]);
  });
  afterAll(async () => {
    await store?.close();
    await sql?.end();
  });

  function conversationOf(place: { spaceId?: string; privatId?: string }): ConversationRef {
    return {
      conversation: place.spaceId ? `project:${place.spaceId}` : `privat:${place.privatId}`,
      projectId: place.spaceId ?? null,
      privatId: place.privatId ?? null,
      taskId: null,
      meetingroomId: null,
      spaceId: place.spaceId ?? null,
    };
  }

  function created(messageId: string, body: string, place: { spaceId?: string; privatId?: string }): DomainEvent {
    const payload: MessageCreated = {
      ...conversationOf(place),
      messageId,
      body,
      type: 'text',
      fileId: null,
      replyToId: null,
      clientId: null,
      mentions: [],
    };
    return { type: 'message.created', payload };
  }

  const found = async (text: string) =>
    (await postgresSearchIndex(sql).search({ text, kind: null, from: null, until: null, first: 20, now: new Date() }, scope)).map(
      (item) => item.itemId,
    );

  it('finds what a committed unit wrote, in the scope only, and nothing of a unit that failed', async () => {
    await store.run({ actorId: 'user-1' }, async (unit) => {
      await unit.append('chat:space-1', [created('message-1', 'Le déploiement du quokka', { spaceId: 'space-1' })], { teamId });
      await unit.append('chat:space-2', [created('message-2', 'Deployment of the other quokka', { spaceId: 'space-2' })], { teamId });
      await unit.append('chat:privat-1', [created('message-3', 'quokka in private', { privatId: 'privat-1' })], { teamId });
    });
    expect(await found('deplo')).toEqual(['message-1']);
    expect(new Set(await found('QUOKKA'))).toEqual(new Set(['message-1', 'message-3']));
    await expect(
      store.run({ actorId: 'user-1' }, async (unit) => {
        await unit.append('chat:space-1', [created('message-4', 'wombat rolled back', { spaceId: 'space-1' })], { teamId });
        throw new Error('the command refused after its append');
      }),
    ).rejects.toThrow('the command refused after its append');
    expect(await found('wombat')).toEqual([]);
    const [rows] = await sql<{ count: string }[]>`SELECT count(*) AS count FROM search_items WHERE item_id = 'message-4'`;
    expect(rows?.count).toBe('0');
  });

  it("follows an edit and a deletion appended through the door, with the snippet of the item's new text", async () => {
    const space = conversationOf({ spaceId: 'space-1' });
    const edited: MessageEdited = { ...space, messageId: 'message-5', body: 'Ocelot at the river', mentions: [] };
    const deleted: MessageDeleted = { ...space, messageId: 'message-5', authorId: 'user-1' };
    await store.run({ actorId: 'user-1' }, (unit) =>
      unit.append('chat:space-1', [created('message-5', 'Capybara at the pond', { spaceId: 'space-1' })], { teamId }),
    );
    await store.run({ actorId: 'user-1' }, (unit) =>
      unit.append('chat:space-1', [{ type: 'message.edited', payload: edited }], { teamId }),
    );
    expect(await found('capybara')).toEqual([]);
    const [match] = await postgresSearchIndex(sql).search(
      { text: 'ocelot', kind: null, from: null, until: null, first: 20, now: new Date() },
      scope,
    );
    expect(match).toMatchObject({
      itemId: 'message-5',
      kind: 'message',
      spaceId: 'space-1',
      markedSnippet: '\uE000Ocelot\uE001 at the river',
    });
    await store.run({ actorId: 'user-1' }, (unit) =>
      unit.append('chat:space-1', [{ type: 'message.deleted', payload: deleted }], {
        teamId,
      }),
    );
    expect(await found('ocelot')).toEqual([]);
  });

  it("writes the index with statements prepared on the server (one round trip each), in the unit's transaction", async () => {
    const space = conversationOf({ spaceId: 'space-1' });
    const edited: MessageEdited = { ...space, messageId: 'message-6', body: 'Numbat edited', mentions: [] };
    const deleted: MessageDeleted = { ...space, messageId: 'message-6', authorId: 'user-1' };
    const statements = await store.run({ actorId: 'user-1' }, async (unit) => {
      await unit.append('chat:space-1', [created('message-6', 'Numbat written', { spaceId: 'space-1' })], { teamId });
      await unit.append('chat:space-1', [{ type: 'message.edited', payload: edited }], { teamId });
      await unit.append('chat:space-1', [{ type: 'message.deleted', payload: deleted }], { teamId });
      // Prepared statements belong to the connection: the unit's transaction is on the one that wrote.
      const rows = await unit.transaction.execute<{ statement: string }>(
        drizzleSql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%"search_items"%'`,
      );
      return rows.map((row) => row.statement.split(' ')[0]!.toLowerCase());
    });
    expect(new Set(statements)).toEqual(new Set(['insert', 'update', 'delete']));
    expect(await found('numbat')).toEqual([]);
  });
});

describe('the same events projected on SQLite and on PostgreSQL', () => {
  const teamId = 'team-1';
  const at = (type: string, payload: Record<string, unknown>): DomainEvent => ({ type, payload });
  const conversation = (place: { spaceId?: string | null; privatId?: string | null; taskId?: string | null }) => ({
    conversation: 'conversation',
    projectId: place.spaceId ?? null,
    privatId: place.privatId ?? null,
    taskId: place.taskId ?? null,
    meetingroomId: null,
    spaceId: place.spaceId ?? null,
  });
  const message = (messageId: string, body: string, place: Parameters<typeof conversation>[0]) =>
    at('message.created', {
      ...conversation(place),
      messageId,
      body,
      type: 'text',
      fileId: null,
      replyToId: null,
      clientId: null,
      mentions: [],
    });
  const description = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const file = (fileId: string, name: string, place: { spaceId?: string; taskId?: string; folderId?: string }) =>
    at('file.created', {
      fileId,
      teamId,
      projectId: place.spaceId ?? null,
      privatId: null,
      taskId: place.taskId ?? null,
      folderId: place.folderId ?? null,
      name,
      text: null,
    });

  /** Every kind of change an area's source makes: adds, texts, places, a task, folder and space taking their items along. */
  const events: DomainEvent[] = [
    at('task.created', {
      taskId: 'task-1',
      teamId,
      projectId: 'space-1',
      idCode: 'T-1',
      name: 'Réunion café',
      description: description('Crème brûlée'),
    }),
    at('task.created', {
      taskId: 'task-2',
      teamId,
      projectId: 'space-1',
      idCode: 'T-2',
      name: 'Doomed',
      description: description('gone soon'),
    }),
    message('message-1', 'in the thread of T-2', { spaceId: 'space-1', taskId: 'task-2' }),
    message('message-2', 'a private word', { privatId: 'chat-1' }),
    message('message-3', 'to be edited', { spaceId: 'space-1' }),
    message('message-4', 'to be deleted', { spaceId: 'space-1' }),
    message('message-5', 'in a space that goes', { spaceId: 'space-2' }),
    file('file-1', 'report.pdf', { spaceId: 'space-1', folderId: 'folder-2' }),
    file('file-2', 'attached.png', { spaceId: 'space-1', taskId: 'task-2' }),
    at('doc.created', { docId: 'doc-1', teamId, projectId: 'space-1', title: 'Handbook', emoji: '📘' }),
    at('task.updated', { taskId: 'task-1', changes: { name: 'Réunion thé', description: description('Tarte tatin') } }),
    at('task.moved', { taskId: 'task-1', toProjectId: 'space-3', idCode: 'C-1' }),
    at('message.edited', { ...conversation({ spaceId: 'space-1' }), messageId: 'message-3', body: 'edited once', mentions: [] }),
    at('message.deleted', { ...conversation({ spaceId: 'space-1' }), messageId: 'message-4', authorId: 'user-1' }),
    at('file.text_extracted', { fileId: 'file-1', text: 'Quarterly figures' }),
    at('file.updated', { fileId: 'file-1', projectId: 'space-1', changes: { name: 'report-final.pdf' } }),
    at('folder.deleted', { folderId: 'folder-2', upfolderId: 'folder-1' }),
    at('doc.edited', { docId: 'doc-1', changes: { title: 'Team handbook', emoji: '📗' } }),
    at('task.deleted', { taskId: 'task-2' }),
    at('project.deleted', { projectId: 'space-2' }),
  ];

  /** A search_items row as both dialects keep it, without the index's own number (each database hands its own out). */
  interface ItemRow {
    kind: string;
    itemId: string;
    teamId: string;
    spaceId: string | null;
    privatId: string | null;
    taskId: string | null;
    meetingroomId: string | null;
    code: string | null;
    emoji: string | null;
    folderId: string | null;
    createdAt: string;
    title: string;
    body: string;
  }
  const columns = `i.kind, i.item_id AS "itemId", i.team_id AS "teamId", i.space_id AS "spaceId", i.privat_id AS "privatId",
    i.task_id AS "taskId", i.meetingroom_id AS "meetingroomId", i.code, i.emoji, i.folder_id AS "folderId",
    i.created_at AS "createdAt"`;

  it('gives the same items, places and texts (the replay of a log on either adapter builds the same index)', async () => {
    const sqliteDatabase = openDatabase(':memory:', { synchronous: 'NORMAL' });
    const url = await cluster.createDatabase('search_projection_parity');
    const sql = await connectPostgres({ url, poolSize: 2, statementTimeoutMs: 30_000 });
    let store: PostgresEventStore | undefined;
    try {
      await migratePostgres(sql);
      await migrateSearchIndex(sql);
      store = await PostgresEventStore.open(sql, [postgresSearchProjection]);
      // Each event appended through the PostgreSQL door (its projection writes in the unit), then the event as the log
      // stored it applied by the SQLite projection.
      for (const event of events) {
        const stored: StoredEvent[] = await store.run({ actorId: 'user-1' }, (unit) => unit.append('search-parity', [event], { teamId }));
        for (const one of stored) sqliteDatabase.db.transaction((transaction) => searchProjection.apply(transaction, one));
      }
      const onSqlite = sqliteDatabase.sqlite
        .prepare<[], ItemRow>(
          `SELECT ${columns}, t.title, t.body FROM search_items i JOIN search_text t ON t.rowid = i.id ORDER BY i.kind, i.item_id`,
        )
        .all();
      const onPostgres = await sql.unsafe<ItemRow[]>(`SELECT ${columns}, i.title, i.body FROM search_items i ORDER BY i.kind, i.item_id`);
      expect(onSqlite.map((row) => row.itemId)).toEqual(['doc-1', 'file-1', 'message-2', 'message-3', 'task-1']);
      expect([...onPostgres]).toEqual(onSqlite);
      expect(onSqlite.find((row) => row.itemId === 'task-1')).toMatchObject({
        spaceId: 'space-3',
        code: 'C-1',
        title: 'Réunion thé',
        body: 'Tarte tatin',
      });
      expect(onSqlite.find((row) => row.itemId === 'file-1')).toMatchObject({
        folderId: 'folder-1',
        title: 'report-final.pdf',
        body: 'Quarterly figures',
      });
    } finally {
      sqliteDatabase.close();
      await store?.close();
      await sql.end();
    }
  });
});

/** What tests/support/searchOnDoor.ts prints: each search's presented results, or the code it was refused with. */
interface SearchRun {
  dialect: string;
  found: Record<string, { answered?: { id: string; type: string; title: string; project: string | null }[]; refused?: string }>;
}

describe("getSearch's request path on both doors (searchFor: the caller's scope, the index of the dialect, the results presented)", () => {
  let onSqlite: SearchRun;
  let onPostgres: SearchRun;
  beforeAll(async () => {
    ({ onSqlite, onPostgres } = await runOnBothDoors<SearchRun>('search'));
  }, 120_000);

  const titles = (run: SearchRun, search: string) => run.found[search]?.answered?.map((result) => `${result.type} ${result.title}`);

  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('finds and presents the same results for each person, and refuses the same searches', () => {
    expect(onPostgres.found).toEqual(onSqlite.found);
  });

  it('applies the same permission filter: spaces by the space policy, private chats to their members, rooms of readable spaces', () => {
    for (const run of [onSqlite, onPostgres]) {
      // Ada reads Launch (a member) and not Bob's private Board; her one-to-one chat with Bob is named after him.
      expect(new Set(titles(run, 'ada: walrus, messages'))).toEqual(
        new Set(['message Bob Walrus', 'message Launch room', 'message L-1 Fix the walrus login', 'message Launch', 'message Quick call']),
      );
      expect(titles(run, 'ada: walrus, tasks')).toEqual(['task L-1 Fix the walrus login']);
      expect(run.found['ada: walrus in Board']).toEqual({ refused: 'NOT_FOUND' });
      // Cy, not in Ada's and Bob's chat, finds her group's; Bob, Board's admin, finds its task and message.
      expect(titles(run, 'cy: walrus, messages')).toContain('message Crew');
      expect(titles(run, 'cy: walrus, messages')).not.toContain('message Bob Walrus');
      expect(titles(run, 'bob: walrus in Board')).toEqual(['task B-1 Secret walrus roadmap', 'message Board']);
      expect(run.found['ada: a filter that is none']).toEqual({ refused: 'CHOICE_INVALID' });
    }
  });
});

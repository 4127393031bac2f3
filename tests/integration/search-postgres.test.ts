import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../server/src/core/events';
import { connectPostgres, type Sql } from '../../server/src/core/postgres/connect';
import { PostgresEventStore } from '../../server/src/core/postgres/eventStore';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import type { ConversationRef, MessageCreated, MessageDeleted, MessageEdited } from '../../server/src/domains/chat/events';
import type { SearchScope } from '../../server/src/domains/search/port';
import { postgresSearchProjection } from '../../server/src/domains/search/postgres/projection';
import { migrateSearchIndex, postgresSearchIndex } from '../../server/src/domains/search/postgres/tsvectorIndex';
import { describeSearchIndexConformance } from '../../server/src/domains/search/searchIndexPort.conformance';
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
});

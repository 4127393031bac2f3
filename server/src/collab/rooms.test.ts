import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { collabCloseCodes, collabFragmentName } from '#shared/docs';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { events } from '../core/tables';
import { docTexts, docUpdates } from '../domains/docs/tables';
import type { StoredEvent } from '../core/events';
import type { Services } from '../graphql/context';
import type { Grant } from './access';
import { DocContentStore } from './persistence';
import { RoomManager, accessScopeOf, roomInScope, type Connection } from './rooms';
import { insertTestDocs } from './testDocs';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { InProcessJobRunner } from '../core/inProcess/jobRunner';
import type * as DocStateModule from '../domains/docs/state';
import type * as AccessModule from './access';

const mocks = vi.hoisted(() => ({
  judgeAgain: vi.fn((): { writable: boolean } | null => ({ writable: true })),
  docTeams: new Map<string, string>(),
}));

vi.mock('./access', async (original) => ({ ...(await original<typeof AccessModule>()), judgeAgain: mocks.judgeAgain }));
vi.mock('../domains/docs/state', async (original) => ({
  ...(await original<typeof DocStateModule>()),
  findDocRow: (_db: unknown, docId: string) =>
    mocks.docTeams.has(docId) ? { id: docId, teamId: mocks.docTeams.get(docId), projectId: 'p'.repeat(24) } : undefined,
}));

const docA = 'a'.repeat(24);
const docB = 'b'.repeat(24);
let database: DatabaseHandle;
let manager: RoomManager;

function services(compactAfter = 1000): Services {
  return {
    database,
    config: {
      database: { kind: 'sqlite', file: ':memory:' },
      collab: { compactAfter, maxMessageBytes: 64, unloadGraceMs: 1000, activityDebounceMs: 60_000 },
    },
    jobs: new InProcessJobRunner(),
    // The rooms store through the command door's units (no projections here: the docs' rows are made by hand).
    store: new SqliteEventStore(database, []),
  } as unknown as Services;
}

function connection(docId: string, userId = 'u'.repeat(24)) {
  const grant: Grant = { kind: 'member', docId, userId, sessionId: 's'.repeat(24), writable: true };
  const made: Connection & { closed: { code: number } | null } = {
    grant,
    userId,
    writable: true,
    awareness: true,
    closed: null,
    send() {},
    close(code) {
      made.closed = { code };
    },
  };
  return made;
}

const event = (type: string, teamId: string | null, payload: Record<string, unknown> = {}): StoredEvent =>
  ({ seq: 1, id: 'e', teamId, stream: 's', version: 1, type, actorId: null, payload, mutationId: null, createdAt: '' }) as StoredEvent;

beforeEach(async () => {
  database = openDatabase(':memory:');
  await insertTestDocs(database.db, [docA, docB]);
  mocks.judgeAgain.mockClear();
  mocks.judgeAgain.mockImplementation(() => ({ writable: true }));
  mocks.docTeams = new Map([
    [docA, 'team-a'],
    [docB, 'team-b'],
  ]);
  manager = new RoomManager(services());
});
afterEach(async () => {
  vi.useRealTimers();
  await manager.stop();
  database.close();
  vi.useRealTimers();
});

describe('RoomManager access re-judging', () => {
  it('does not judge the connections of another team’s rooms', async () => {
    await manager.connect(connection(docA));
    await manager.onCommitted([
      event('project.member_removed', 'team-b', { userId: 'x'.repeat(24) }),
      event('team.renamed', 'team-b'),
      event('doc.edited', 'team-b', { docId: docB }),
    ]);
    expect(mocks.judgeAgain).not.toHaveBeenCalled();
    await manager.onCommitted([event('project.member_removed', 'team-a', { userId: 'x'.repeat(24) })]);
    expect(mocks.judgeAgain).toHaveBeenCalledTimes(1);
  });

  it('judges only the doc’s room for a doc event, and only the user’s connections for a sign-out', async () => {
    const [onA, onB, otherUser] = [connection(docA), connection(docB), connection(docB, 'v'.repeat(24))];
    for (const each of [onA, onB, otherUser]) await manager.connect(each);
    await manager.onCommitted([event('doc.unshared', 'team-b', { docId: docB })]);
    expect((mocks.judgeAgain.mock.calls as unknown as [unknown, Grant][]).map(([, grant]) => grant.docId)).toEqual([docB, docB]);
    mocks.judgeAgain.mockClear();
    mocks.judgeAgain.mockImplementation(() => null);
    await manager.onCommitted([event('user.signed_out', 'team-a', { userId: 'v'.repeat(24), sessionId: 's'.repeat(24) })]);
    expect(mocks.judgeAgain).toHaveBeenCalledTimes(1);
    expect(otherUser.closed?.code).toBe(collabCloseCodes.accessRevoked);
    expect(onA.closed).toBeNull();
    expect(onB.closed).toBeNull();
  });

  it('still closes the room of a deleted doc and ignores doc.updated', async () => {
    const onA = connection(docA);
    await manager.connect(onA);
    await manager.onCommitted([event('doc.updated', 'team-a', { docId: docA })]);
    expect(mocks.judgeAgain).not.toHaveBeenCalled();
    mocks.docTeams.delete(docA);
    await manager.onCommitted([event('project.deleted', 'team-a')]);
    expect(onA.closed?.code).toBe(collabCloseCodes.docDeleted);
    expect(manager.loadedRooms).toBe(0);
  });

  it('scopes events by team, doc and user', async () => {
    const scope = accessScopeOf([
      event('team.member_removed', 't1'),
      event('doc.shared', 't2', { docId: docA }),
      event('user.api_token_revoked', null, { userId: 'u1' }),
    ])!;
    expect(scope).toMatchObject({ teams: new Set(['t1']), docs: new Set([docA]), users: new Set(['u1']), everything: false });
    expect(accessScopeOf([event('doc.updated', 't1', { docId: docA }), event('task.created', 't1')])).toBeNull();
    expect(roomInScope(scope, docB, 't2', []).whole).toBe(false);
    expect(roomInScope(scope, docB, 't1', []).whole).toBe(true);
    expect(roomInScope(scope, docA, 't2', []).whole).toBe(true);
    expect(roomInScope(scope, docB, null, []).whole).toBe(true);
  });
});

describe('RoomManager unloading', () => {
  it('unloads a room whose rejected connection closes its socket late', async () => {
    vi.useFakeTimers();
    const slow = connection(docA);
    const room = (await manager.connect(slow))!;
    room.receive(slow, new Uint8Array(100)); // over maxMessageBytes (64): rejected
    expect(slow.closed?.code).toBe(collabCloseCodes.tooLarge);
    // The socket has not closed yet; the grace period passes anyway.
    await vi.advanceTimersByTimeAsync(1500);
    manager.disconnect(slow); // the late close event
    await vi.advanceTimersByTimeAsync(1500);
    expect(manager.loadedRooms).toBe(0);
  });

  it('unloads after the last of several connections leaves, not before', async () => {
    vi.useFakeTimers();
    const [first, second] = [connection(docA), connection(docA, 'v'.repeat(24))];
    await manager.connect(first);
    await manager.connect(second);
    manager.disconnect(first);
    await vi.advanceTimersByTimeAsync(1500);
    expect(manager.loadedRooms).toBe(1);
    manager.disconnect(second);
    await vi.advanceTimersByTimeAsync(1500);
    expect(manager.loadedRooms).toBe(0);
  });
});

describe('RoomManager when doc updates cannot be stored', () => {
  it('closes the room’s connections and forgets the room uncompacted, so reconnecting clients find what is stored and send the rest again', async () => {
    const [writer, reader] = [connection(docA), connection(docA, 'v'.repeat(24))];
    const room = (await manager.connect(writer))!;
    await manager.connect(reader);
    const edits = new Y.Doc();
    const encoder = encoding.createEncoder();
    edits.getText('t').insert(0, 'not stored');
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(edits));
    const appendBatch = vi.spyOn(DocContentStore.prototype, 'appendBatch').mockRejectedValue(new Error('SQLITE_IOERR: disk I/O error'));
    const compact = vi.spyOn(DocContentStore.prototype, 'compact');
    const errors: string[] = [];
    manager.logger = { error: (_details, message) => errors.push(message), warn: () => undefined, info: () => undefined };
    try {
      room.receive(writer, encoding.toUint8Array(encoder));
      expect(room.doc.getText('t').toString()).toBe('not stored');
      // The batch is written in the next turn of the event loop.
      await vi.waitFor(() => expect(manager.loadedRooms).toBe(0));
      expect(writer.closed?.code).toBe(collabCloseCodes.shuttingDown);
      expect(reader.closed?.code).toBe(collabCloseCodes.shuttingDown);
      expect(manager.loadedRooms).toBe(0);
      expect(compact).not.toHaveBeenCalled();
      expect(errors).toEqual(['a batch of 1 doc updates could not be stored']);
    } finally {
      appendBatch.mockRestore();
      compact.mockRestore();
    }
    // The sockets' close events come late: they change nothing.
    manager.disconnect(writer);
    const again = connection(docA);
    const reloaded = (await manager.connect(again))!;
    expect(reloaded).not.toBe(room);
    expect(reloaded.doc.getText('t').toString()).toBe('');
  });
});

describe('RoomManager.imageSources', () => {
  it('reads a doc’s image sources once per content version, not rebuilding the doc on every call', async () => {
    const writer = new Y.Doc();
    const store = new DocContentStore(new SqliteEventStore(database, []), database.db);
    const written: Uint8Array[] = [];
    writer.on('update', (update: Uint8Array) => written.push(update));
    const addImage = async (src: string) => {
      const image = new Y.XmlElement('image');
      image.setAttribute('src', src);
      writer.getXmlFragment(collabFragmentName).push([image]);
      await store.appendBatch(written.splice(0).map((update) => ({ docId: docA, update, userId: null })));
    };
    await addImage('/media/files/1');
    const loads = vi.spyOn(DocContentStore.prototype, 'load');
    try {
      for (let call = 0; call < 5; call += 1) expect([...(await manager.imageSources(docA))]).toEqual(['/media/files/1']);
      expect(loads).toHaveBeenCalledTimes(1);
      await addImage('/media/files/2');
      expect([...(await manager.imageSources(docA))].sort()).toEqual(['/media/files/1', '/media/files/2']);
      expect((await manager.imageSources(docA)).size).toBe(2);
      expect(loads).toHaveBeenCalledTimes(2);
    } finally {
      loads.mockRestore();
    }
  });
});

describe('RoomManager compaction', () => {
  it('records the waiting activity and the text before merging the rows that say who wrote them', async () => {
    const compacting = new RoomManager(services(3));
    const writer = connection(docA);
    const room = (await compacting.connect(writer))!;
    const edits = new Y.Doc();
    const messages: Uint8Array[] = [];
    edits.on('update', (update: Uint8Array) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeUpdate(encoder, update);
      messages.push(encoding.toUint8Array(encoder));
    });
    for (const word of ['one', 'two', 'three']) edits.getXmlFragment(collabFragmentName).push([new Y.XmlText(word)]);
    const compact = vi.spyOn(DocContentStore.prototype, 'compact');
    const saveText = vi.spyOn(DocContentStore.prototype, 'saveTextIn');
    try {
      for (const message of messages) room.receive(writer, message);
      // Stored in the next turn of the event loop, then applied; the third update reaches compactAfter.
      await vi.waitFor(() => expect(compact).toHaveBeenCalledTimes(1));
      await vi.waitFor(async () => expect(await database.db.select().from(docUpdates)).toEqual([]));
      const recorded = await database.db
        .select({ actorId: events.actorId })
        .from(events)
        .where(and(eq(events.stream, `doc:${docA}`), eq(events.type, 'doc.updated')));
      expect(recorded).toEqual([{ actorId: writer.userId }]);
      expect(saveText.mock.invocationCallOrder[0]!).toBeLessThan(compact.mock.invocationCallOrder[0]!);
      const [text] = await database.db.select({ plainText: docTexts.plainText }).from(docTexts).where(eq(docTexts.docId, docA));
      expect(text?.plainText).toBe('one\ntwo\nthree');
    } finally {
      compact.mockRestore();
      saveText.mockRestore();
      await compacting.stop();
    }
  });
});

/**
 * A person @mentioned in a doc is told (MESSAGE_MENTION with `doc`), through the real y-websocket provider: once per
 * mention added, live on subNotification; not on a re-save or typing elsewhere; never the author, a member who cannot
 * read the space, someone of another team or a `#` task mention; again after the mention was removed and added back;
 * by the person who added the mention; from stored rows a room only read compacts; and a replay rebuilds the same
 * notifications.
 */
import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabOf } from '../../server/src/collab/rooms';
import { DocContentStore } from '../../server/src/collab/persistence';
import { domains } from '../../server/src/domains';
import { appRow, jsonValue, replayedBesideLive } from '../support/appRows';
import { createDoc, openDoc, waitFor, type OpenDoc } from './docFactories';
import { subscriptionClient, startTestServer, type TestServer } from './harness';
import { notificationPageOf, subNotificationQuery, type Notice, type NoticeChange } from './notificationFactories';
import { createTask } from './taskFactories';
import { createSpace, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
let cy: Person;
let outsider: Person;
let space: string;
const opened: OpenDoc[] = [];
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ COLLAB_ACTIVITY_DEBOUNCE_MS: '100', COLLAB_UNLOAD_GRACE_MS: '100' });
  ann = await person(server, 'Ann');
  space = await createSpace(ann, 'Plans', 'private');
  bas = await joinTeam(ann, await person(server, 'Bas'), 'basic', space);
  // In the team, not in the private space: may not read its docs.
  cy = await joinTeam(ann, await person(server, 'Cy'));
  outsider = await person(server, 'Olga');
}, 60_000);
afterAll(async () => {
  for (const each of opened) each.destroy();
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

function open(docId: string, who: Person): OpenDoc {
  const client = openDoc(server.url, docId, { cookie: who.client.cookieHeader() });
  opened.push(client);
  return client;
}

/** A mention node as Tiptap's Mention extension stores it through the Collaboration extension. */
function mentionNode(id: string, label: string, char = '@'): Y.XmlElement {
  const node = new Y.XmlElement('mention');
  node.setAttribute('id', id);
  node.setAttribute('label', label);
  node.setAttribute('mentionSuggestionChar', char);
  return node;
}

function paragraph(...children: (string | Y.XmlElement)[]): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.insert(
    0,
    children.map((child) => (typeof child === 'string' ? new Y.XmlText(child) : child)),
  );
  return element;
}

/** How many content activity entries the doc has: each records its mentions in the same unit. */
const activityEntries = async (docId: string) =>
  (await appRow<{ count: number }>(
    server.app,
    sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE stream = ${`doc:${docId}`} AND type = 'doc.updated'`,
  ))!.count;

/** Makes an edit, waits for it to be stored and for the activity entry that covers it (and its mentions) to be recorded. */
async function edit(client: OpenDoc, docId: string, change: (fragment: Y.XmlFragment) => void): Promise<void> {
  const before = await activityEntries(docId);
  const saved = client.state.saved;
  client.doc.transact(() => change(client.fragment));
  await waitFor(() => client.state.saved > saved, 'the edit to be stored');
  await expect.poll(() => activityEntries(docId), { message: 'the edit to be recorded' }).toBeGreaterThan(before);
}

/** The doc's update rows not yet merged into its snapshot. */
const pendingRows = async (docId: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM doc_updates WHERE doc_id = ${docId}`))!
    .count;

/**
 * The doc mentions someone was told of. The doc rooms' synchronous door runs the reactions to what it recorded in an
 * ordinary unit right after its commit, so a notification lands a moment after the record: expectations poll it.
 */
async function docMentionsOf(someone: Person, docId: string): Promise<Notice[]> {
  return (await notificationPageOf(someone, { first: 100 })).notifications.filter(
    (notice) => notice.type === 'MESSAGE_MENTION' && notice.doc === docId,
  );
}

async function follow(someone: Person) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: NoticeChange['subNotification'][] = [];
  // The log's head: a bigint on PostgreSQL, which arrives as text.
  const head = Number((await appRow<{ seq: number | string }>(server.app, sql`SELECT MAX(seq) AS seq FROM events`))!.seq);
  socket.subscribe<NoticeChange>(
    { query: subNotificationQuery, extensions: { resumeAfter: head } },
    {
      next: (value) => {
        if (value.data) received.push(value.data.subNotification);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return received;
}

describe('mentions in a doc', () => {
  it('tells the person mentioned once, live, with the doc; nobody else; nothing on a re-save or a second mention of them', async () => {
    const { id } = await createDoc(ann, space, 'Roadmap');
    const task = await createTask(ann, space, 'Ship it');
    const live = await follow(bas);
    const editor = open(id, ann);
    await editor.synced();
    await edit(editor, id, (fragment) =>
      fragment.insert(0, [
        paragraph(
          'Ask ',
          mentionNode(bas.id, 'Bas'),
          ', ',
          mentionNode(cy.id, 'Cy'),
          ', ',
          mentionNode(outsider.id, 'Olga'),
          ', ',
          mentionNode(ann.id, 'Ann'),
          ' and see ',
          mentionNode(task.id, 'Ship it', '#'),
        ),
      ]),
    );

    await expect
      .poll(() => docMentionsOf(bas, id), { timeout: 10_000 })
      .toMatchObject([{ description: 'Roadmap', doc: id, project: space, author: { id: ann.id }, read: false, message: null, task: null }]);
    await waitFor(() => live.some((change) => change.notification?.doc === id), 'the notification live');
    expect(live.filter((change) => change.type === 'notification.created').map((change) => change.notification?.doc)).toEqual([id]);
    // The author, a member who cannot read the space, someone of another team: nobody else.
    await expect.poll(() => docMentionsOf(ann, id), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => docMentionsOf(cy, id), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => docMentionsOf(outsider, id), { timeout: 10_000 }).toEqual([]);

    // Typing elsewhere, then mentioning Bas a second time: nothing new.
    await edit(editor, id, (fragment) => fragment.insert(1, [paragraph('More notes')]));
    await edit(editor, id, (fragment) => fragment.insert(2, [paragraph('Again ', mentionNode(bas.id, 'Bas'))]));
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(1);
    expect(live.filter((change) => change.type === 'notification.created')).toHaveLength(1);
    // After the room unloads (compacted) and loads again, an edit does not tell anyone again either.
    editor.destroy();
    await expect.poll(() => pendingRows(id), { message: 'the room to unload and compact' }).toBe(0);
    const again = open(id, ann);
    await again.synced();
    await edit(again, id, (fragment) => fragment.insert(0, [paragraph('Top line')]));
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(1);
  }, 60_000);

  it('tells again after the mention was removed and added back, by whoever added it', async () => {
    const { id } = await createDoc(ann, space, 'Minutes');
    const editor = open(id, ann);
    await editor.synced();
    await edit(editor, id, (fragment) => fragment.insert(0, [paragraph('Owner: ', mentionNode(bas.id, 'Bas'))]));
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(1);
    await edit(editor, id, (fragment) => fragment.delete(0, 1));
    await edit(editor, id, (fragment) => fragment.insert(0, [paragraph('Owner again: ', mentionNode(bas.id, 'Bas'))]));
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(2);

    // Bas mentions Ann: she is told, by Bas.
    const other = open(id, bas);
    await other.synced();
    await edit(other, id, (fragment) => fragment.insert(1, [paragraph('Review: ', mentionNode(ann.id, 'Ann'))]));
    await expect
      .poll(() => docMentionsOf(ann, id), { timeout: 10_000 })
      .toMatchObject([{ author: { id: bas.id }, doc: id, project: space }]);
  }, 60_000);
});

describe('after an unclean stop', () => {
  it('tells of a mention whose edit was stored but not yet recorded when the process died, at start-up recovery, once', async () => {
    const { id } = await createDoc(ann, space, 'Crash notes');
    // What a process killed inside the debounce window leaves: an update row of Ann's, no entry for it.
    const lost = new Y.Doc();
    lost.getXmlFragment('default').insert(0, [paragraph('Call ', mentionNode(bas.id, 'Bas'))]);
    await new DocContentStore(server.app.services.store, server.app.services.database.db).append(id, Y.encodeStateAsUpdate(lost), ann.id);
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toEqual([]);

    const manager = collabOf(server.app.services);
    await manager.recover();
    await expect
      .poll(() => docMentionsOf(bas, id), { timeout: 10_000 })
      .toMatchObject([{ author: { id: ann.id }, doc: id, project: space }]);
    await manager.recover();
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(1);
  });
});

describe('rows compacted without an edit of the room', () => {
  it('tells of a mention in stored rows no record covers when a room only read unloads and compacts them, once', async () => {
    const { id } = await createDoc(ann, space, 'Read only');
    // Stored, never recorded (a room let go after a refused batch, or an unload whose record failed), and no recovery run.
    const unrecorded = new Y.Doc();
    unrecorded.getXmlFragment('default').insert(0, [paragraph('Ping ', mentionNode(bas.id, 'Bas'))]);
    await new DocContentStore(server.app.services.store, server.app.services.database.db).append(
      id,
      Y.encodeStateAsUpdate(unrecorded),
      ann.id,
    );

    const reader = open(id, ann);
    await reader.synced();
    reader.destroy();
    await expect.poll(() => pendingRows(id), { message: 'the room to unload and compact' }).toBe(0);
    await expect
      .poll(() => docMentionsOf(bas, id), { timeout: 10_000 })
      .toMatchObject([{ author: { id: ann.id }, doc: id, project: space }]);

    const again = open(id, ann);
    await again.synced();
    again.destroy();
    await waitFor(() => collabOf(server.app.services).isUnloaded(id), 'the room to unload again');
    await expect.poll(() => docMentionsOf(bas, id), { timeout: 10_000 }).toHaveLength(1);
  }, 60_000);
});

describe('replay', () => {
  it('rebuilds the notifications mentions in docs made, equal to the live table', async () => {
    const projections = domains.flatMap((module) => module.projections);
    const { live, rebuilt } = await replayedBesideLive(server, projections);
    expect(live.notifications!.filter((row) => jsonValue<{ doc_id: string | null }>(row).doc_id !== null)).toHaveLength(6);
    expect(rebuilt).toEqual(live);
  });
});

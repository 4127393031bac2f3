import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaySummary } from '../../server/src/domains/home';
import { requireCurrentTeam } from '../../server/src/domains/teams';
import { postMessage } from './chatFactories';
import { createDoc } from './docFactories';
import { uploadFile } from './fileFactories';
import { startTestServer, type TestServer } from './harness';
import { createTask, editTask, joinSpace, sectionsOf } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

interface Line {
  kind: string;
  project: string;
  count: number;
  item: string | null;
  name: string | null;
  route: string;
}

const hours = (count: number) => count * 3_600_000;
const summaryFields = '{ since lines { kind project count item name route } }';

describe('while you were away: what changed since the last visit to Home', () => {
  let server: TestServer;
  let ada: Person;
  let bas: Person;
  let shared: string;
  let secret: string;

  const visit = async (someone: Person) =>
    expectData(await someone.client.execute<{ visitHome: boolean }>('mutation { visitHome }')).visitHome;
  /** The summary as the server would answer it `later` milliseconds from now. */
  const summaryLater = async (someone: Person, later: number) => {
    const { database, store } = server.app.services;
    const { team, seat } = await requireCurrentTeam(database.db, someone.id);
    return awaySummary(database.db, store, { teamId: team.id, seat }, new Date(Date.now() + later));
  };

  beforeAll(async () => {
    server = await startTestServer();
    ada = await person(server, 'Ada');
    bas = await joinTeam(ada, await person(server, 'Bas'));
    shared = await createSpace(ada, 'Launch');
    await joinSpace(bas, shared);
    // Bas's private space, which Ada is not in: as the team's admin she could open it, but it is not one of her spaces.
    secret = await createSpace(bas, 'Bas private', 'private');
  });
  afterAll(() => server.close());

  it('has nothing to say on a first visit, nor on a return within 4 hours', async () => {
    const first = expectData(
      await ada.client.execute<{ getAwaySummary: { since: string | null; lines: Line[] } }>(`{ getAwaySummary ${summaryFields} }`),
    );
    expect(first.getAwaySummary).toEqual({ since: null, lines: [] });
    expect(await visit(ada)).toBe(true);
    // A second visit minutes later is not written again.
    expect(await visit(ada)).toBe(false);
    await createTask(bas, shared, 'Soon after');
    const again = expectData(
      await ada.client.execute<{ getAwaySummary: { since: string | null; lines: Line[] } }>(`{ getAwaySummary ${summaryFields} }`),
    );
    expect(again.getAwaySummary.since).not.toBeNull();
    expect(again.getAwaySummary.lines).toEqual([]);
  });

  it("after an absence, sums up others' work per space and kind, each line opening its item, and nothing of a space one cannot read", async () => {
    const sections = await sectionsOf(bas, shared);
    const done = sections.at(-1)!;
    const finished = await createTask(ada, shared, 'Ada wrote this');
    await editTask(bas, finished.id, { state: done.id });
    await postMessage(bas, { project: shared, body: 'First' });
    await postMessage(bas, { project: shared, body: 'Second' });
    // Ada's own message is not news to her.
    await postMessage(ada, { project: shared, body: 'Mine' });
    const doc = await createDoc(bas, shared, 'Plan');
    const file = await uploadFile(bas, 'notes.txt', 'text/plain', Buffer.from('hello'), { project: shared });
    await createTask(bas, secret, 'Hidden task');
    await postMessage(bas, { project: secret, body: 'Hidden message' });
    await createDoc(bas, secret, 'Hidden doc');

    const { lines } = await summaryLater(ada, hours(5));
    expect(lines.every((line) => line.project === shared)).toBe(true);
    const byKind = Object.fromEntries(lines.map((line) => [line.kind, line]));
    // "Soon after" (created after the visit, by Bas) is the one created task; Ada's own task is not counted as created.
    expect(byKind.taskCreated).toMatchObject({ count: 1, name: expect.stringContaining('Soon after') });
    expect(byKind.taskCreated!.route).toMatch(new RegExp(`^/${shared}/tasks/d/[0-9a-f]{24}$`));
    expect(byKind.taskFinished).toEqual({
      kind: 'taskFinished',
      project: shared,
      count: 1,
      item: finished.id,
      name: `${finished.idCode} Ada wrote this`,
      route: `/${shared}/tasks/d/${finished.id}`,
    });
    expect(byKind.messages).toEqual({ kind: 'messages', project: shared, count: 2, item: null, name: null, route: `/chats/${shared}` });
    expect(byKind.docEdited).toEqual({
      kind: 'docEdited',
      project: shared,
      count: 1,
      item: doc.id,
      name: 'Plan',
      route: `/${shared}/docs/d/${doc.id}`,
    });
    expect(byKind.fileAdded).toEqual({
      kind: 'fileAdded',
      project: shared,
      count: 1,
      item: file.id,
      name: 'notes.txt',
      route: `/${shared}/files/d/${file.id}`,
    });
    expect(lines.map((line) => line.kind)).toEqual(['taskCreated', 'taskFinished', 'messages', 'docEdited', 'fileAdded']);

    // Bas, who may read his private space, sees nothing of his own doing there.
    expect((await summaryLater(bas, hours(5))).lines).toEqual([]);
  });
  it('judges permissions when asked: a member who left a private space no longer hears of it', async () => {
    const cy = await joinTeam(ada, await person(server, 'Cy'));
    const team = await createSpace(ada, 'Core team', 'private');
    const setPermission = (user: string, permission: string, who: Person) =>
      who.client.execute(
        'mutation ($user: ID!, $project: ID!, $permission: String!) { setPermission(user: $user, project: $project, permission: $permission) { id } }',
        {
          user,
          project: team,
          permission,
        },
      );
    expectData(await setPermission(cy.id, 'basic', ada));
    expect(await visit(cy)).toBe(true);
    await postMessage(ada, { project: team, body: 'Core news' });
    expect((await summaryLater(cy, hours(5))).lines).toContainEqual(expect.objectContaining({ kind: 'messages', project: team, count: 1 }));
    expectData(await setPermission(cy.id, 'removed', cy));
    expect((await summaryLater(cy, hours(5))).lines.filter((line) => line.project === team)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc, shareDoc, wallFields } from './docFactories';
import { GraphqlTestClient, startTestServer, subscriptionClient, watchSubscription, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let admin: Person;
let basic: Person;
let outsider: Person;
let space: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Admin');
  basic = await joinTeam(admin, await person(server, 'Basic'));
  outsider = await person(server, 'Outsider');
  space = await createSpace(admin, 'Docs');
  expectData(await basic.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
});
afterAll(() => server.close());

const code = (result: { errors?: { extensions: { code: string } }[] | undefined }) => result.errors?.[0]?.extensions.code;
const updateWall = `mutation ($id: ID!, $title: String, $emoji: String, $cover: String, $shared: Boolean, $description: String, $folder: ID) {
  updateWall(id: $id, title: $title, emoji: $emoji, cover: $cover, shared: $shared, description: $description, folder: $folder) { ${wallFields} } }`;

describe('docs GraphQL operations', () => {
  it('creates, lists, reads, edits and deletes docs of a space', async () => {
    const created = expectData(
      await basic.client.execute<{ setWorkspace: Record<string, unknown> }>(
        `mutation ($project: ID!) { setWorkspace(project: $project, title: " Roadmap ", emoji: "🗺️") { ${wallFields} } }`,
        { project: space },
      ),
    ).setWorkspace;
    expect(created).toMatchObject({
      title: 'Roadmap',
      emoji: '🗺️',
      shared: false,
      shareUrl: null,
      embed: null,
      folder: null,
      project: space,
      author: basic.id,
      lastSavedAt: null,
      canEdit: true,
      canManage: true,
    });
    expect(created.room).toBe(`/collab/${created.id}`);
    await createDoc(admin, space, 'Second');
    const page = expectData(
      await basic.client.execute<{ getWalls: { walls: { title: string; canManage: boolean }[]; total: number } }>(
        'query ($project: ID!) { getWalls(project: $project, limit: 1, offset: 0) { total walls { title canManage } } }',
        { project: space },
      ),
    ).getWalls;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.walls).toEqual([{ title: 'Second', canManage: false }]);
    const edited = expectData(
      await basic.client.execute<{ updateWall: Record<string, unknown> }>(updateWall, {
        id: created.id,
        title: 'Roadmap 2026',
        description: 'The plan',
        emoji: '',
      }),
    ).updateWall;
    expect(edited).toMatchObject({ title: 'Roadmap 2026', description: 'The plan', emoji: null });
    expect(
      expectData(
        await admin.client.execute<{ getWall: { title: string } }>('query ($id: ID!) { getWall(id: $id) { title } }', { id: created.id }),
      ).getWall.title,
    ).toBe('Roadmap 2026');
    expect(expectData(await basic.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: created.id }))).toEqual({
      delWorkspace: true,
    });
    expect(code(await admin.client.execute('query ($id: ID!) { getWall(id: $id) { id } }', { id: created.id }))).toBe('NOT_FOUND');
  });

  it('lets only the author or an admin share or delete; sharing makes a new public link each time and unsharing kills it', async () => {
    const doc = await createDoc(admin, space, 'Admin doc');
    const before = await countEvents(server);
    expect(code(await basic.client.execute(updateWall, { id: doc.id, shared: true }))).toBe('PERMISSION_DENIED');
    expect(code(await basic.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: doc.id }))).toBe('PERMISSION_DENIED');
    expect(await countEvents(server)).toBe(before);
    const firstSecret = (await shareDoc(admin, doc.id))!;
    const anonymous = new GraphqlTestClient(server);
    const publicRead = await anonymous.execute<{ getWorkspace: Record<string, unknown> }>(
      'query ($workspace: String!) { getWorkspace(workspace: $workspace) { id title emoji cover embed room } }',
      { workspace: firstSecret },
    );
    expect(expectData(publicRead).getWorkspace).toMatchObject({ id: doc.id, title: 'Admin doc', room: `/collab/${doc.id}` });
    expect(expectData(publicRead).getWorkspace.embed).toContain(`/share/doc/${firstSecret}?embed=1`);
    await shareDoc(admin, doc.id, false);
    expect(
      code(
        await anonymous.execute('query ($workspace: String!) { getWorkspace(workspace: $workspace) { id } }', { workspace: firstSecret }),
      ),
    ).toBe('NOT_FOUND');
    const secondSecret = (await shareDoc(admin, doc.id))!;
    expect(secondSecret).not.toBe(firstSecret);
    expect(
      code(
        await anonymous.execute('query ($workspace: String!) { getWorkspace(workspace: $workspace) { id } }', { workspace: firstSecret }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('refuses another team every doc and space of this one, writing nothing', async () => {
    const doc = await createDoc(admin, space, 'Secret');
    const before = await countEvents(server);
    expect(code(await outsider.client.execute('query ($id: ID!) { getWall(id: $id) { id } }', { id: doc.id }))).toBe('NOT_FOUND');
    expect(code(await outsider.client.execute('query ($project: ID!) { getWalls(project: $project) { total } }', { project: space }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await outsider.client.execute(updateWall, { id: doc.id, title: 'Hijacked' }))).toBe('NOT_FOUND');
    expect(
      code(
        await outsider.client.execute('mutation ($project: ID!) { setWorkspace(project: $project, title: "Planted") { id } }', {
          project: space,
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await outsider.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: doc.id }))).toBe('NOT_FOUND');
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses bad input clearly, writing nothing', async () => {
    const doc = await createDoc(admin, space, 'Input');
    const before = await countEvents(server);
    const attempts: [string, Record<string, unknown>, RegExp][] = [
      ['mutation ($project: ID!) { setWorkspace(project: $project, title: "   ") { id } }', { project: space }, /Enter a title/],
      [
        'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id } }',
        { project: space, title: 'x'.repeat(10_000) },
        /at most 200/,
      ],
      [updateWall, { id: doc.id, emoji: 'not an emoji' }, /single emoji/],
      [updateWall, { id: doc.id, cover: 'https://tracker.example.com/pixel.png' }, /uploaded image/],
      [updateWall, { id: doc.id, description: 'x'.repeat(2001) }, /2000/],
      [updateWall, { id: doc.id, folder: '0123456789abcdef01234567' }, /folder/],
      ['query ($project: ID!) { getWalls(project: $project, limit: 1000) { total } }', { project: space }, /1 to 100/],
      [
        'query ($project: ID!) { getWalls(project: $project, sort: "popularity") { total } }',
        { project: space },
        /Sort by updated, title, created/,
      ],
    ];
    for (const [query, variables, message] of attempts) {
      const result = await admin.client.execute(query, variables);
      expect(result.errors?.[0]?.message, query).toMatch(message);
    }
    expect(await countEvents(server)).toBe(before);
  });

  it('files docs in doc folders of the same space only', async () => {
    const folder = expectData(
      await admin.client.execute<{ setFolder: { id: string } }>(
        'mutation ($project: ID!) { setFolder(project: $project, name: "Specs", type: "doc") { id } }',
        { project: space },
      ),
    ).setFolder.id;
    const fileFolder = expectData(
      await admin.client.execute<{ setFolder: { id: string } }>(
        'mutation ($project: ID!) { setFolder(project: $project, name: "Files", type: "file") { id } }',
        { project: space },
      ),
    ).setFolder.id;
    const doc = expectData(
      await admin.client.execute<{ setWorkspace: { id: string; folder: string } }>(
        'mutation ($project: ID!, $folder: ID) { setWorkspace(project: $project, title: "In folder", folder: $folder) { id folder } }',
        { project: space, folder },
      ),
    ).setWorkspace;
    expect(doc.folder).toBe(folder);
    expect(code(await admin.client.execute(updateWall, { id: doc.id, folder: fileFolder }))).toBe('NOT_FOUND');
    const inFolder = expectData(
      await admin.client.execute<{ getWalls: { walls: { id: string }[] } }>(
        'query ($project: ID!, $folder: ID) { getWalls(project: $project, folder: $folder) { walls { id } } }',
        { project: space, folder },
      ),
    ).getWalls;
    expect(inFolder.walls.map((wall) => wall.id)).toEqual([doc.id]);
    expectData(await admin.client.execute('mutation ($id: ID!) { delFolder(id: $id) }', { id: folder }));
    expect(
      expectData(
        await admin.client.execute<{ getWall: { folder: string | null } }>('query ($id: ID!) { getWall(id: $id) { folder } }', {
          id: doc.id,
        }),
      ).getWall.folder,
    ).toBeNull();
  });

  it('lists the top level only with folder "root", sorts by updated, title or created with stable pages, and counts the same scope', async () => {
    const project = await createSpace(admin, 'Sorting');
    const folder = expectData(
      await admin.client.execute<{ setFolder: { id: string } }>(
        'mutation ($project: ID!) { setFolder(project: $project, name: "Archive", type: "doc") { id } }',
        { project },
      ),
    ).setFolder.id;
    const titles = ['beta', 'Alpha', 'delta', 'Charlie', 'alpha'];
    const made: string[] = [];
    for (const title of titles) made.push((await createDoc(admin, project, title)).id);
    const filed = expectData(
      await admin.client.execute<{ setWorkspace: { id: string } }>(
        'mutation ($project: ID!, $folder: ID) { setWorkspace(project: $project, title: "Aardvark", folder: $folder) { id } }',
        { project, folder },
      ),
    ).setWorkspace.id;
    type Listed = { id: string; title: string; folder: string | null; createdAt: string; updatedAt: string };
    type Page = { getWalls: { total: number; walls: Listed[] } };
    const list = async (variables: Record<string, unknown>) =>
      expectData(
        await admin.client.execute<Page>(
          'query ($project: ID!, $folder: ID, $sort: String, $limit: Int, $offset: Int) { getWalls(project: $project, folder: $folder, sort: $sort, limit: $limit, offset: $offset) { total walls { id title folder createdAt updatedAt } } }',
          { project, ...variables },
        ),
      ).getWalls;
    /** Every page of a listing, two at a time. */
    const pages = async (variables: Record<string, unknown>) => {
      const seen: Listed[] = [];
      for (let offset = 0; ; offset += 2) {
        const page = await list({ ...variables, limit: 2, offset });
        seen.push(...page.walls);
        if (offset + 2 >= page.total) return { titles: seen.map((wall) => wall.title), walls: seen, total: page.total };
      }
    };
    /** Newest first by a time field, then by id: what the server must answer. */
    const newestFirst = (walls: Listed[], field: 'createdAt' | 'updatedAt') =>
      [...walls]
        .sort((left, right) => right[field].localeCompare(left[field]) || right.id.localeCompare(left.id))
        .map((wall) => wall.title);

    const root = await list({ folder: 'root' });
    expect(root.total).toBe(5);
    expect(root.walls.every((wall) => wall.folder === null)).toBe(true);
    expect((await list({})).total).toBe(6);
    expect((await list({ folder })).walls.map((wall) => wall.id)).toEqual([filed]);

    const byTitle = await pages({ folder: 'root', sort: 'title' });
    expect(byTitle.total).toBe(5);
    expect(byTitle.titles.map((title) => title.toLowerCase())).toEqual(['alpha', 'alpha', 'beta', 'charlie', 'delta']);
    const created = await pages({ folder: 'root', sort: 'created' });
    expect(created.titles).toEqual(newestFirst(created.walls, 'createdAt'));
    expect(new Set(created.titles)).toEqual(new Set(titles));
    // Touch the oldest: it is now the most recently updated, and paging still yields each doc once.
    expectData(await admin.client.execute(updateWall, { id: made[0], description: 'touched' }));
    const updated = await pages({ folder: 'root' });
    expect(updated.titles[0]).toBe('beta');
    expect(updated.titles).toEqual(newestFirst(updated.walls, 'updatedAt'));
    expect(updated.titles).toHaveLength(5);
    expect((await pages({ folder: 'root', sort: 'updated' })).titles).toEqual(updated.titles);
  });

  it('subDoc delivers a space’s doc changes live', async () => {
    const socket = subscriptionClient(server, { cookie: basic.client.cookieHeader() });
    const feed = watchSubscription<{ type: string; doc: { title: string } | null }>(
      socket,
      'subscription ($project: ID!) { subDoc(project: $project) { type docId doc { title } } }',
      { project: space },
    );
    await feed.started;
    const seen = () => feed.received.map((change) => [change.type, change.doc?.title ?? null]);
    // Each change is heard before the next is made: a feed reads the doc when it delivers the change, which on
    // PostgreSQL may be after a change made at once (a deleted doc would then be delivered without its title).
    const doc = await createDoc(admin, space, 'Live');
    await expect.poll(seen).toEqual([['doc.created', 'Live']]);
    await admin.client.execute(updateWall, { id: doc.id, title: 'Live 2' });
    await expect.poll(seen).toEqual([
      ['doc.created', 'Live'],
      ['doc.edited', 'Live 2'],
    ]);
    await admin.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: doc.id });
    await expect.poll(seen).toEqual([
      ['doc.created', 'Live'],
      ['doc.edited', 'Live 2'],
      ['doc.deleted', null],
    ]);
    expect(feed.state.errors).toEqual([]);
    feed.stop();
    await socket.dispose();
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules } from '../../server/src/http/rateLimits';
import { fileFields, uploadFile } from './fileFactories';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { createSpace, expectData, person, type Person } from './teamFactories';

const sharedQuery =
  'query ($id: ID!) { getSharedFile(id: $id) { id name type kind size width height duration createdAt authorFirstname url thumbnail } }';

describe('files: public details, live folder deletion, team storage', () => {
  let server: TestServer;
  let owner: Person;
  let space: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await person(server, 'Nora');
    space = await createSpace(owner, 'Sharing');
  });
  afterAll(() => server.close());

  it('tells anyone the details of a shared file, and answers NOT_FOUND alike for a missing or unshared one', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const file = await uploadFile(owner, 'Poster.png', 'image/png', png, { project: space });
    const anonymous = new GraphqlTestClient(server);

    const unshared = await anonymous.execute(sharedQuery, { id: file.id });
    const missing = await anonymous.execute(sharedQuery, { id: 'f'.repeat(24) });
    const malformed = await anonymous.execute(sharedQuery, { id: 'not-an-id' });
    expect(unshared.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    for (const other of [missing, malformed]) expect(other.errors?.[0]).toEqual(unshared.errors?.[0]);

    expectData(await owner.client.execute('mutation ($id: ID!) { ediFile(id: $id, shared: true) { id } }', { id: file.id }));
    const details = expectData(
      await anonymous.execute<{ getSharedFile: Record<string, unknown> }>(sharedQuery, { id: file.id }),
    ).getSharedFile;
    expect(details).toMatchObject({
      id: file.id,
      name: 'Poster.png',
      type: 'image/png',
      kind: 'image',
      size: png.length,
      width: 40,
      height: 30,
      duration: null,
      authorFirstname: 'Nora',
      url: `/media/files/${file.id}/shared`,
      thumbnail: `/media/files/${file.id}/shared/thumbnail`,
    });
    expect(Number.isNaN(Date.parse(String(details.createdAt)))).toBe(false);
    expect((await fetch(`${server.url}${String(details.url)}`)).status).toBe(200);

    expectData(await owner.client.execute('mutation ($id: ID!) { ediFile(id: $id, shared: false) { id } }', { id: file.id }));
    expect((await anonymous.execute(sharedQuery, { id: file.id })).errors?.[0]).toEqual(unshared.errors?.[0]);
  });

  it('tells subscribers of the space about every file and folder a deleted folder moves up', async () => {
    const make = async (name: string, upfolder?: string) =>
      expectData(
        await owner.client.execute<{ setFolder: { id: string } }>(
          'mutation ($p: ID!, $n: String!, $u: ID) { setFolder(project: $p, name: $n, upfolder: $u) { id } }',
          { p: space, n: name, u: upfolder ?? null },
        ),
      ).setFolder.id;
    const parent = await make('Parent');
    const doomed = await make('Doomed', parent);
    const inner = await make('Inner', doomed);
    const [first, second] = [
      await uploadFile(owner, 'one.txt', 'text/plain', Buffer.from('one'), { project: space, folder: doomed }),
      await uploadFile(owner, 'two.txt', 'text/plain', Buffer.from('two'), { project: space, folder: doomed }),
    ];
    const untouched = await uploadFile(owner, 'three.txt', 'text/plain', Buffer.from('three'), { project: space, folder: parent });

    const fileSocket = subscriptionClient(server, { cookie: owner.client.cookieHeader() });
    const folderSocket = subscriptionClient(server, { cookie: owner.client.cookieHeader() });
    type FileChange = { subFile: { type: string; fileId: string; file: { id: string; folder: string | null } | null } };
    type FolderChange = { subFolder: { type: string; folderId: string; folder: { id: string; upfolder: string | null } | null } };
    const fileChanges = nextResults<FileChange>(
      fileSocket,
      `subscription ($p: ID) { subFile(project: $p) { type fileId file { ${fileFields} } } }`,
      { p: space },
      2,
    );
    const folderChanges = nextResults<FolderChange>(
      folderSocket,
      'subscription ($p: ID!) { subFolder(project: $p) { type folderId folder { id upfolder } } }',
      { p: space },
      2,
    );
    await Promise.all([fileChanges.started, folderChanges.started]);

    expectData(await owner.client.execute('mutation ($id: ID!) { delFolder(id: $id) }', { id: doomed }));
    const files = (await fileChanges.done).map((change) => change.subFile);
    expect(files.map((change) => change.type)).toEqual(['file.updated', 'file.updated']);
    expect(files.map((change) => change.fileId).sort()).toEqual([first.id, second.id].sort());
    for (const change of files) expect(change.file?.folder).toBe(parent);
    const folders = (await folderChanges.done).map((change) => change.subFolder);
    expect(folders).toEqual([
      { type: 'folder.updated', folderId: inner, folder: { id: inner, upfolder: parent } },
      { type: 'folder.deleted', folderId: doomed, folder: null },
    ]);
    await Promise.all([fileSocket.dispose(), folderSocket.dispose()]);

    // What the events said is what the rows hold.
    const folderOf = async (id: string) =>
      expectData(
        await owner.client.execute<{ getFile: { folder: string | null } }>('query ($id: ID!) { getFile(id: $id) { folder } }', { id }),
      ).getFile.folder;
    expect([await folderOf(first.id), await folderOf(second.id), await folderOf(untouched.id)]).toEqual([parent, parent, parent]);
    const innerNow = expectData(
      await owner.client.execute<{ getFolder: { upfolder: string | null } }>('query ($f: ID!) { getFolder(folder: $f) { upfolder } }', {
        f: inner,
      }),
    ).getFolder;
    expect(innerNow.upfolder).toBe(parent);
  });

  it('tells a subscriber of one space nothing about files changed in another, but does tell of a file moved away', async () => {
    const elsewhere = await createSpace(owner, 'Elsewhere');
    const there = await uploadFile(owner, 'there.txt', 'text/plain', Buffer.from('there'), { project: elsewhere });
    const here = await uploadFile(owner, 'here.txt', 'text/plain', Buffer.from('here'), { project: space });
    const leaving = await uploadFile(owner, 'leaving.txt', 'text/plain', Buffer.from('leaving'), { project: space });
    const socket = subscriptionClient(server, { cookie: owner.client.cookieHeader() });
    type FileChange = { subFile: { type: string; fileId: string; file: { id: string; name: string } | null } };
    const changes = nextResults<FileChange>(
      socket,
      'subscription ($p: ID) { subFile(project: $p) { type fileId file { id name } } }',
      { p: space },
      2,
    );
    await changes.started;

    const rename = (id: string, name: string) =>
      owner.client.execute('mutation ($id: ID!, $n: String) { ediFile(id: $id, name: $n) { id } }', { id, n: name });
    expectData(await rename(there.id, 'there-renamed.txt'));
    expectData(await rename(here.id, 'here-renamed.txt'));
    expectData(
      await owner.client.execute('mutation ($id: ID!, $p: ID) { ediFile(id: $id, project: $p) { id } }', { id: leaving.id, p: elsewhere }),
    );
    expect((await changes.done).map((change) => change.subFile)).toEqual([
      { type: 'file.updated', fileId: here.id, file: { id: here.id, name: 'here-renamed.txt' } },
      { type: 'file.updated', fileId: leaving.id, file: null },
    ]);
    await socket.dispose();
  });

  it("shows each team's storage on the Team type, from the files the team holds", async () => {
    const other = await person(server, 'Sol');
    const teamsOf = async (who: Person) =>
      expectData(await who.client.execute<{ getTeams: { id: string; storage: number }[] }>('{ getTeams { id storage } }')).getTeams;
    const stats = async (who: Person) =>
      expectData(await who.client.execute<{ getStats: { storage: number } }>('{ getStats { storage } }')).getStats.storage;
    expect((await teamsOf(other)).find((team) => team.id === other.teamId)?.storage).toBe(0);

    const before = await stats(owner);
    expect(before).toBeGreaterThan(0);
    const team = expectData(await owner.client.execute<{ getTeam: { id: string; storage: number } }>('{ getTeam { id storage } }')).getTeam;
    expect(team).toEqual({ id: owner.teamId, storage: before });

    const added = await uploadFile(owner, 'more.txt', 'text/plain', Buffer.from('0123456789'), { project: space });
    expect((await teamsOf(owner)).find((entry) => entry.id === owner.teamId)?.storage).toBe(before + 10);
    expectData(await owner.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: added.id }));
    expect((await teamsOf(owner)).find((entry) => entry.id === owner.teamId)?.storage).toBe(before);
  });
});

describe('files: the public details are rate limited like the shared bytes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'true' });
  });
  afterAll(() => server.close());

  it('refuses an address past the shared-media limit with RATE_LIMITED', async () => {
    const anonymous = new GraphqlTestClient(server);
    // Spend the address's allowance as the shared bytes route would.
    for (let attempt = 0; attempt < rateLimitRules.sharedMediaPerAddress.points; attempt += 1) {
      await server.app.services.rateLimits.consume(['sharedMediaPerAddress', '127.0.0.1']);
    }
    const refused = await anonymous.execute(sharedQuery, { id: 'f'.repeat(24) });
    expect(refused.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect((await fetch(`${server.url}/media/files/${'f'.repeat(24)}/shared`)).status).toBe(429);
  });
});

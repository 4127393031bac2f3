import type { Client } from 'graphql-ws';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskMessages } from '#shared/taskRules';
import { startTestServer, subscriptionClient, watchSubscription, type TestServer } from './harness';
import { minimalPdf, uploadFile, type UploadedFile } from './fileFactories';
import { statementsDuring } from './chatFactories';
import { createTask, editTask, ediTask, getTask, getTasks, joinSpace, setTask } from './taskFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';

let server: TestServer;
let png: Buffer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

async function team(): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(server, 'Fay');
  const member = await joinTeam(admin, await person(server, 'Finn'));
  const space = await createSpace(admin, 'Files board');
  await joinSpace(member, space);
  return { admin, member, space };
}

const image = (someone: Person, task: string, name = 'shot.png') => uploadFile(someone, name, 'image/png', png, { task });

describe('Task.files', () => {
  it('lists the files uploaded to each task, newest first, as getFiles(task) presents them', async () => {
    const { admin, member, space } = await team();
    const first = await createTask(admin, space, 'With files');
    const second = await createTask(admin, space, 'Also with a file');
    const bare = await createTask(admin, space, 'Without files');
    const older = await image(member, first.id, 'older.png');
    await wait(5);
    const newer = await uploadFile(admin, 'notes.pdf', 'application/pdf', minimalPdf('Hello'), { task: first.id });
    const other = await image(admin, second.id);
    // A space file is not a task's.
    await uploadFile(admin, 'space.png', 'image/png', png, { project: space });

    const tasks = new Map((await getTasks(admin, space)).map((task) => [task.id, task as typeof task & { files: UploadedFile[] }]));
    expect(tasks.get(first.id)!.files.map((file) => file.id)).toEqual([newer.id, older.id]);
    expect(tasks.get(second.id)!.files.map((file) => file.id)).toEqual([other.id]);
    expect(tasks.get(bare.id)!.files).toEqual([]);
    expect(tasks.get(first.id)!.files[0]).toMatchObject({
      name: 'notes.pdf',
      task: first.id,
      url: `/media/files/${newer.id}`,
      category: 'Pdf',
    });

    const fields = 'id name type size url thumbnail category task project author { id } canEdit canDelete';
    const viaFiles = expectData(
      await member.client.execute<{ getFiles: unknown[] }>(`query ($task: ID) { getFiles(task: $task) { ${fields} } }`, { task: first.id }),
    ).getFiles;
    const viaTask = expectData(
      await member.client.execute<{ getTask: { files: unknown[] } }>(`query ($id: ID!) { getTask(id: $id) { files { ${fields} } } }`, {
        id: first.id,
      }),
    ).getTask.files;
    expect(viaTask).toEqual(viaFiles);
    // The member may change their own upload only; the admin manages the space.
    expect((viaTask as { id: string; canDelete: boolean }[]).map((file) => [file.id, file.canDelete])).toEqual([
      [newer.id, false],
      [older.id, true],
    ]);
  });

  it('reads the files of every task of getTasks in one query, however many tasks have files', async () => {
    const { admin, space } = await team();
    const created = [];
    for (let index = 0; index < 6; index += 1) created.push(await createTask(admin, space, `Task ${index}`));
    const query = `query ($project: ID!) { getTasks(project: $project) { id files { id name canEdit author { id } } } }`;
    // The board itself is read once and then kept (boardCache.ts): both measured answers come from the kept board,
    // each after uploads (file events, which the kept board checks the log for, then keeps).
    await admin.client.execute(query, { project: space });
    for (const task of created.slice(0, 3)) await image(admin, task.id);
    const withThree = await statementsDuring(server, () => admin.client.execute(query, { project: space }));
    for (const task of created.slice(3)) await image(admin, task.id);
    const withSix = await statementsDuring(server, async () => {
      const tasks = expectData(await admin.client.execute<{ getTasks: { files: unknown[] }[] }>(query, { project: space })).getTasks;
      expect(tasks.every((task) => task.files.length === 1)).toBe(true);
    });
    const fileReads = (statements: string[]) => statements.filter((source) => /from "files"/i.test(source)).length;
    expect(fileReads(withSix)).toBe(1);
    expect(withSix.length).toBe(withThree.length);
  });

  it('takes the files along when the task moves to another space', async () => {
    const { admin, space } = await team();
    const target = await createSpace(admin, 'Elsewhere');
    const task = await createTask(admin, space, 'Moving');
    const file = await image(admin, task.id);
    await editTask(admin, task.id, { cover: file.url });
    const moved = (await editTask(admin, task.id, { project: target })) as unknown as {
      project: string;
      cover: string;
      files: UploadedFile[];
    };
    expect(moved.project).toBe(target);
    expect(moved.files.map((entry) => entry.id)).toEqual([file.id]);
    expect(moved.cover).toBe(file.url);
    const listed = expectData(
      await admin.client.execute<{ getFile: { project: string; task: string } }>('query ($id: ID!) { getFile(id: $id) { project task } }', {
        id: file.id,
      }),
    ).getFile;
    expect(listed).toEqual({ project: target, task: task.id });
    expect(((await getTasks(admin, target))[0] as unknown as { files: { id: string }[] }).files.map((entry) => entry.id)).toEqual([
      file.id,
    ]);
  });

  it('tells the board live when a task gains or loses a file (task.files)', async () => {
    const { admin, member, space } = await team();
    const task = await createTask(admin, space, 'Live files');
    const socket = subscriptionClient(server, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    const { started, received } = watchSubscription<{ type: string; taskId: string; task: { files: { id: string }[] } | null }>(
      socket,
      'subscription ($project: ID!) { subTask(project: $project) { type taskId task { id files { id } } } }',
      { project: space },
    );
    await started;
    const file = await image(admin, task.id);
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(1);
    expect(received[0]).toMatchObject({ type: 'task.files', taskId: task.id, task: { files: [{ id: file.id }] } });
    expectData(await admin.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: file.id }));
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(2);
    expect(received[1]).toMatchObject({ type: 'task.files', taskId: task.id, task: { files: [] } });
  });
});

describe('covers from a task’s own images', () => {
  it('sets the cover to an image file of the task, shown at its url, and drops it with the file', async () => {
    const { admin, member, space } = await team();
    const task = await createTask(admin, space, 'Covered');
    const file = await image(member, task.id);
    const covered = await editTask(member, task.id, { cover: file.url });
    expect(covered.cover).toBe(`/media/files/${file.id}`);
    const served = await fetch(new URL(covered.cover!, server.url), { headers: { cookie: admin.client.cookieHeader() } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // A copy has no files: it starts without the original's file cover.
    const copy = expectData(
      await admin.client.execute<{ duplicateTask: { cover: string | null } }>('mutation ($id: ID!) { duplicateTask(id: $id) { cover } }', {
        id: task.id,
      }),
    ).duplicateTask;
    expect(copy.cover).toBeNull();
    expectData(await member.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: file.id }));
    expect((await getTask(admin, task.id)).cover).toBeNull();
  });

  it('refuses another task’s image, a file that is not an image, another team’s image and a new task’s file cover, writing nothing', async () => {
    const { admin, space } = await team();
    const task = await createTask(admin, space, 'Target');
    const other = await createTask(admin, space, 'Other');
    const othersImage = await image(admin, other.id);
    const pdf = await uploadFile(admin, 'brief.pdf', 'application/pdf', minimalPdf('Brief'), { task: task.id });
    const spaceImage = await uploadFile(admin, 'space.png', 'image/png', png, { project: space });
    const stranger = await person(server, 'Stan');
    const strangerSpace = await createSpace(stranger, 'Theirs');
    const strangerTask = await createTask(stranger, strangerSpace, 'Their task');
    const strangerImage = await image(stranger, strangerTask.id);

    for (const cover of [othersImage.url, pdf.url, spaceImage.url, strangerImage.url, '/media/files/0123456789abcdef01234567']) {
      const result = await ediTask(admin, { id: task.id, cover });
      expect(result.errors?.[0], cover).toMatchObject({
        message: taskMessages.coverFileNotAllowed,
        extensions: { code: 'TASK_COVER_FILE_INVALID' },
      });
    }
    const created = await setTask(admin, { project: space, name: 'New', cover: othersImage.url });
    expect(created.errors?.[0]).toMatchObject({ message: taskMessages.coverFileNotAllowed });
    for (const cover of [
      '/media/files/../secrets',
      `/media/files/${othersImage.id}/x`,
      `https://evil.example/media/files/${othersImage.id}`,
    ]) {
      expect((await ediTask(admin, { id: task.id, cover })).errors?.[0]?.message, cover).toBe(taskMessages.coverNotAllowed);
    }
    expect((await getTask(admin, task.id)).cover).toBeNull();
    expect((await getTasks(admin, space)).map((entry) => entry.name).sort()).toEqual(['Other', 'Target']);
  });

  it('refuses a viewer who may not edit the task, whatever the file', async () => {
    const { admin, space } = await team();
    const outsider = await joinTeam(admin, await person(server, 'Otto'));
    const task = await createTask(admin, space, 'Guarded');
    const file = await image(admin, task.id);
    const result = await ediTask(outsider, { id: task.id, cover: file.url });
    expect(result.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect((await getTask(admin, task.id)).cover).toBeNull();
  });
});

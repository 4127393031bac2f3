/**
 * Stories (issue 15): screen recordings are files of a space marked as stories. The mark is kept on the file, said by
 * its file.created event (for the NEW_STORY notification), and listed by getFiles(category: "story"); quota and
 * membership rules are the files area's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { megabyte } from '#shared/files';
import { startTestServer, type TestServer } from './harness';
import { putBytes, signUpload, storageFiller, type SignedUpload } from './fileFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRow } from '../support/appRows';

/** The first bytes of a WebM file (an EBML header whose DocType is webm): what the server sniffs as video/webm. */
function webm(size = 4096): Buffer {
  const docType = Buffer.from('webm');
  const header = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
  return Buffer.concat([ebml, Buffer.alloc(size - ebml.length, 1)]);
}

interface StoryFile {
  id: string;
  name: string;
  category: string;
  story: boolean;
  author: { id: string } | null;
}

const storyFields = 'id name category story author { id }';

function recordStory(
  who: Person,
  signed: SignedUpload,
  name: string,
  type: string,
  size: number,
  owner: { project?: string; task?: string },
) {
  return who.client.execute<{ setFile: StoryFile }>(
    `mutation ($name: String!, $code: ID!, $type: String!, $size: Float!, $location: String!, $project: ID, $task: ID, $story: Boolean) {
      setFile(name: $name, code: $code, type: $type, size: $size, location: $location, project: $project, task: $task, story: $story) { ${storyFields} }
    }`,
    { name, code: signed.code, type, size, location: signed.key, story: true, ...owner },
  );
}

async function signedWithBytes(who: Person, name: string, type: string, bytes: Buffer, owner: { project?: string; task?: string }) {
  const signed = expectData(await signUpload(who, name, type, bytes.length, owner)).signedUploadURL;
  expect((await putBytes(who, signed, bytes)).ok).toBe(true);
  return signed;
}

async function uploadStory(who: Person, name: string, project: string): Promise<StoryFile> {
  const bytes = webm();
  const signed = await signedWithBytes(who, name, 'video/webm', bytes, { project });
  return expectData(await recordStory(who, signed, name, 'video/webm', bytes.length, { project })).setFile;
}

const listOf = (who: Person, project: string, category: string) =>
  who.client.execute<{ getFiles: StoryFile[] }>(
    `query ($project: ID, $category: String) { getFiles(project: $project, category: $category) { ${storyFields} } }`,
    { project, category },
  );

describe('stories', () => {
  let server: TestServer;
  let ada: Person;
  let grace: Person;
  let space: string;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await person(server, 'Ada');
    space = await createSpace(ada, 'Demos');
    grace = await joinTeam(ada, await person(server, 'Grace'), 'basic', space);
  });
  afterAll(() => server.close());

  it('keeps a story upload as a story, says so in its event, and lists the space’s stories newest first', async () => {
    const first = await uploadStory(ada, 'First demo.webm', space);
    expect(first).toMatchObject({ name: 'First demo.webm', category: 'video', story: true, author: { id: ada.id } });
    // A plain video of the same space is not a story.
    const bytes = webm();
    const plain = await signedWithBytes(ada, 'Plain.webm', 'video/webm', bytes, { project: space });
    const plainFile = expectData(
      await ada.client.execute<{ setFile: StoryFile }>(
        `mutation ($name: String!, $code: ID!, $type: String!, $size: Float!, $location: String!, $project: ID) {
          setFile(name: $name, code: $code, type: $type, size: $size, location: $location, project: $project) { ${storyFields} }
        }`,
        { name: 'Plain.webm', code: plain.code, type: 'video/webm', size: bytes.length, location: plain.key, project: space },
      ),
    ).setFile;
    expect(plainFile.story).toBe(false);
    const second = await uploadStory(grace, 'Second demo.webm', space);

    const stories = expectData(await listOf(grace, space, 'story')).getFiles;
    expect(stories.map((file) => file.id)).toEqual([second.id, first.id]);
    // Stories are videos of the media area too.
    const media = expectData(await listOf(grace, space, 'media')).getFiles.map((file) => file.id);
    expect(media).toEqual(expect.arrayContaining([first.id, second.id, plainFile.id]));

    const payload = async (id: string) => {
      const row = await appRow<{ payload: unknown }>(
        server.app,
        sql`SELECT payload FROM events WHERE type = 'file.created' AND stream = ${`file:${id}`}`,
      );
      // SQLite keeps the payload as JSON text, PostgreSQL as jsonb.
      return (typeof row?.payload === 'string' ? JSON.parse(row.payload) : row?.payload) as { story?: boolean; projectId: string };
    };
    expect(await payload(first.id)).toMatchObject({ story: true, projectId: space });
    expect((await payload(plainFile.id)).story).toBe(false);
  });

  it('refuses a story that is not a video, or not of a space, and records nothing', async () => {
    const text = Buffer.from('not a video at all');
    const signed = await signedWithBytes(ada, 'notes.txt', 'text/plain', text, { project: space });
    const refused = await recordStory(ada, signed, 'notes.txt', 'text/plain', text.length, { project: space });
    expect(refused.errors?.[0]?.extensions.code).toBe('STORY_NOT_ALLOWED');
    const { setTask } = expectData(
      await ada.client.execute<{ setTask: { id: string } }>(
        'mutation ($project: ID!) { setTask(project: $project, name: "Demo") { id } }',
        {
          project: space,
        },
      ),
    );
    const bytes = webm();
    const onTask = await signedWithBytes(ada, 'Task demo.webm', 'video/webm', bytes, { task: setTask.id });
    const taskRefused = await recordStory(ada, onTask, 'Task demo.webm', 'video/webm', bytes.length, { task: setTask.id });
    expect(taskRefused.errors?.[0]?.extensions.code).toBe('STORY_NOT_ALLOWED');
    const names = expectData(await listOf(ada, space, 'story')).getFiles.map((file) => file.name);
    expect(names).not.toContain('notes.txt');
    expect(names).not.toContain('Task demo.webm');
  });

  it('refuses a story over the team’s storage quota', async () => {
    const quotaOwner = await person(server, 'Quinn');
    const quotaSpace = await createSpace(quotaOwner, 'Full');
    const bytes = webm(64 * 1024);
    const signed = await signedWithBytes(quotaOwner, 'Late demo.webm', 'video/webm', bytes, { project: quotaSpace });
    // Another file takes the free plan's 100 MB while the story's bytes were on their way.
    await storageFiller(server, quotaOwner, quotaSpace, 100 * megabyte - 1000);
    const refused = await recordStory(quotaOwner, signed, 'Late demo.webm', 'video/webm', bytes.length, { project: quotaSpace });
    expect(refused.errors?.[0]?.extensions.code).toBe('STORAGE_LIMIT_EXCEEDED');
    expect(expectData(await listOf(quotaOwner, quotaSpace, 'story')).getFiles).toEqual([]);
    expect(
      (await signUpload(quotaOwner, 'Next demo.webm', 'video/webm', bytes.length, { project: quotaSpace })).errors?.[0]?.extensions.code,
    ).toBe('STORAGE_LIMIT_EXCEEDED');
  });

  it('refuses stories of a space to someone outside it, to record or to list', async () => {
    const outsider = await person(server, 'Olga');
    const signed = await signUpload(outsider, 'Intruder.webm', 'video/webm', 4096, { project: space });
    expect(signed.data).toBeNull();
    expect(['NOT_FOUND', 'PERMISSION_DENIED']).toContain(signed.errors?.[0]?.extensions.code);
    // Their own upload cannot be recorded into a space they are not in.
    const bytes = webm();
    const own = await signedWithBytes(outsider, 'Intruder.webm', 'video/webm', bytes, {});
    const recorded = await recordStory(outsider, own, 'Intruder.webm', 'video/webm', bytes.length, { project: space });
    expect(['NOT_FOUND', 'PERMISSION_DENIED']).toContain(recorded.errors?.[0]?.extensions.code);
    const listed = await listOf(outsider, space, 'story');
    expect(listed.data).toBeNull();
    expect(listed.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const names = expectData(await listOf(ada, space, 'story')).getFiles.map((file) => file.name);
    expect(names).not.toContain('Intruder.webm');
  });
});

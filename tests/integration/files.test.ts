import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { megabyte } from '#shared/files';
import { sweepStorage } from '../../server/src/domains/files';
import { pdfTextExtractionOf } from '../../server/src/domains/files/textExtraction';
import { storageOf } from '../../server/src/storage';
import { appRow, appRun } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import {
  fileFields,
  minimalPdf,
  putBytes,
  recordUpload,
  signUpload,
  startS3,
  storageFiller,
  uploadFile,
  windowsExecutable,
} from './fileFactories';
import { countEvents, createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';

const count = async (server: TestServer, table: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${sql.identifier(table)}`))!.count;
const stats = async (who: Person) =>
  expectData(
    await who.client.execute<{ getStats: { storage: number; storageLimit: number | null; files: number; plan: string } }>(
      '{ getStats { storage storageLimit files plan } }',
    ),
  ).getStats;

describe.each(['local', 's3'] as const)('files through the %s driver', (driver) => {
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let owner: Person;
  let space: string;
  let png: Buffer;

  /** Objects in storage, listed by the driver itself (uploads not moved into place yet left out): what "nothing stored" is checked against. */
  const storedObjects = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const object of storageOf(server.app.services.config).driver.list())
      if (!object.key.startsWith('incoming/')) keys.push(object.key);
    return keys;
  };

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3() : null;
    server = await startTestServer(s3?.environment ?? {});
    owner = await person(server, 'Fay');
    space = await createSpace(owner, 'Files space');
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  it('uploads, records, lists, serves with safe headers, shares and unshares, and deletes freeing quota', async () => {
    const before = await stats(owner);
    expect(before).toMatchObject({ storage: 0, storageLimit: 100 * megabyte, plan: 'free' });
    const file = await uploadFile(owner, 'Team photo.png', 'image/png', png, { project: space });
    expect(file).toMatchObject({
      name: 'Team photo.png',
      type: 'image/png',
      size: png.length,
      category: 'image',
      shared: false,
      canEdit: true,
    });
    expect(file.thumbnail).toBe(`/media/files/${file.id}/thumbnail`);
    expect((await stats(owner)).storage).toBe(png.length);

    const listed = expectData(
      await owner.client.execute<{ getFiles: { id: string }[] }>('query ($p: ID) { getFiles(project: $p, category: "media") { id } }', {
        p: space,
      }),
    ).getFiles;
    expect(listed.map((entry) => entry.id)).toEqual([file.id]);

    const download = await fetch(`${server.url}${file.url}`, { headers: { cookie: owner.client.cookieHeader() } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="Team photo.png"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    const thumbnail = await fetch(`${server.url}${file.thumbnail}`, { headers: { cookie: owner.client.cookieHeader() } });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 64 });
    expect((await fetch(`${server.url}${file.url}`)).status).toBe(401);

    const signedUrl = expectData(
      await owner.client.execute<{ signedDownloadPublicURL: string }>('query ($f: ID!) { signedDownloadPublicURL(file: $f) }', {
        f: file.id,
      }),
    ).signedDownloadPublicURL;
    const viaSignature = await fetch(new URL(signedUrl, server.url));
    expect(viaSignature.status).toBe(200);
    expect(Buffer.from(await viaSignature.arrayBuffer()).equals(png)).toBe(true);

    const shareLink = `${server.url}/media/files/${file.id}/shared`;
    expect((await fetch(shareLink)).status).toBe(404);
    const shared = expectData(
      await owner.client.execute<{ ediFile: { shared: boolean; sharedUrl: string } }>(
        'mutation ($id: ID!) { ediFile(id: $id, shared: true) { shared sharedUrl } }',
        { id: file.id },
      ),
    ).ediFile;
    expect(shared).toEqual({ shared: true, sharedUrl: `/share/media/${file.id}` });
    const publicly = await fetch(shareLink);
    expect(publicly.status).toBe(200);
    expect(publicly.headers.get('x-content-type-options')).toBe('nosniff');
    // Revalidated on every view, so no browser or proxy keeps showing it once sharing is off.
    expect(publicly.headers.get('cache-control')).toBe('no-cache');
    expectData(await owner.client.execute('mutation ($id: ID!) { ediFile(id: $id, shared: false) { id } }', { id: file.id }));
    expect((await fetch(shareLink)).status).toBe(404);

    expect((await storedObjects()).length).toBeGreaterThanOrEqual(1);
    expectData(await owner.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: file.id }));
    expect(await stats(owner)).toMatchObject({ storage: 0, files: 0 });
    expect((await fetch(`${server.url}${file.url}`, { headers: { cookie: owner.client.cookieHeader() } })).status).toBe(404);
    expect(await storedObjects()).toEqual([]);
  });

  it('serves anything but safe media as an attachment, HTML and SVG included, and reads PDF text for search', async () => {
    const html = await uploadFile(owner, 'page.html', 'text/html', Buffer.from('<script>alert(1)</script>'), { project: space });
    const served = await fetch(`${server.url}${html.url}`, { headers: { cookie: owner.client.cookieHeader() } });
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await uploadFile(
      owner,
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      { project: space },
    );
    const svgServed = await fetch(`${server.url}${svg.url}`, { headers: { cookie: owner.client.cookieHeader() } });
    expect(svgServed.headers.get('content-disposition')).toMatch(/^attachment;/);
    const pdf = await uploadFile(owner, 'figures.pdf', 'application/pdf', minimalPdf('Quarterly figures'), { project: space });
    expect(pdf.category).toBe('Pdf');
    await pdfTextExtractionOf(server.app.services).idle();
    const row = await appRow<{ text: string }>(server.app, sql`SELECT text FROM files WHERE id = ${pdf.id}`);
    expect(row!.text).toContain('Quarterly figures');
  });

  it('refuses bad input with clear errors, storing nothing', async () => {
    const events = await countEvents(server);
    const files = await count(server, 'files');
    const objects = (await storedObjects()).length;

    const renamed = expectData(await signUpload(owner, 'holiday.png', 'image/png', 1024, { project: space })).signedUploadURL;
    expect((await putBytes(owner, renamed, windowsExecutable())).ok).toBe(true);
    const refusedExecutable = await recordUpload(owner, renamed, 'holiday.png', 'image/png', 1024, { project: space });
    expect(refusedExecutable.errors?.[0]).toMatchObject({
      message: 'Invalid file type',
      extensions: { code: 'FILE_INVALID_TYPE', key: 'file_invalid_type' },
    });

    const empty = await signUpload(owner, 'empty.txt', 'text/plain', 0, { project: space });
    expect(empty.errors?.[0]).toMatchObject({ message: errorMessages.FILE_EMPTY, extensions: { code: 'FILE_EMPTY' } });

    const traversal = await signUpload(owner, '../../etc/passwd', 'text/plain', 10, { project: space });
    expect(traversal.errors?.[0]).toMatchObject({ message: errorMessages.FILE_NAME_INVALID, extensions: { code: 'FILE_NAME_INVALID' } });
    const exe = await signUpload(owner, 'setup.exe', 'application/octet-stream', 10, { project: space });
    expect(exe.errors?.[0]?.extensions.code).toBe('FILE_INVALID_TYPE');
    const tooBig = await signUpload(owner, 'movie.mp4', 'video/mp4', 200 * megabyte, { project: space });
    expect(tooBig.errors?.[0]).toMatchObject({ message: 'File size limit exceeded', extensions: { code: 'FILE_SIZE_LIMIT' } });

    const small = expectData(await signUpload(owner, 'notes.txt', 'text/plain', 5, { project: space })).signedUploadURL;
    expect((await putBytes(owner, small, Buffer.from('more than five bytes'))).status).toBe(driver === 'local' ? 413 : 200);
    const notRecorded = await recordUpload(owner, small, 'notes.txt', 'text/plain', 5, { project: space });
    expect(notRecorded.errors?.[0]?.extensions.code).toBe('UPLOAD_FAILED');

    if (driver === 'local') {
      const signed = expectData(await signUpload(owner, 'a.txt', 'text/plain', 5, { project: space })).signedUploadURL;
      const tampered = new URL(signed.original.replace('size=5', 'size=50'), server.url);
      expect((await fetch(tampered, { method: 'PUT', headers: signed.headers, body: 'hello' })).status).toBe(403);
      const expired = new URL(signed.original, server.url);
      expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
      const answer = await fetch(expired, { method: 'PUT', headers: signed.headers, body: 'hello' });
      expect(answer.status).toBe(403);
      const signedDownload = expectData(
        await owner.client.execute<{ signedDownloadPublicURL: string }>('query ($f: ID!) { signedDownloadPublicURL(file: $f) }', {
          f: (await uploadFile(owner, 'kept.txt', 'text/plain', Buffer.from('kept'), { project: space })).id,
        }),
      ).signedDownloadPublicURL;
      expect((await fetch(new URL(signedDownload.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`), server.url))).status).toBe(404);
      const outdated = new URL(signedDownload, server.url);
      outdated.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
      expect((await fetch(outdated)).status).toBe(404);
    }
    expect(await count(server, 'files')).toBe(files + (driver === 'local' ? 1 : 0));
    expect(await countEvents(server)).toBe(events + (driver === 'local' ? 1 : 0));
    expect((await storedObjects()).length).toBe(objects + (driver === 'local' ? 1 : 0));
  });

  it('never lets racing uploads take a team past its quota', async () => {
    const racer = await person(server, 'Rae');
    const racerSpace = await createSpace(racer, 'Race');
    const size = 64 * 1024;
    // Fill the free plan's 100 MB to three files short, straight through the log as a recorded file would be.
    const used = (await stats(racer)).storage;
    await storageFiller(server, racer, racerSpace, 100 * megabyte - used - 3 * size);
    const signed = await Promise.all(
      Array.from(
        { length: 8 },
        async () => expectData(await signUpload(racer, 'part.txt', 'text/plain', size, { project: racerSpace })).signedUploadURL,
      ),
    );
    await Promise.all(signed.map((upload) => putBytes(racer, upload, Buffer.alloc(size, 97))));
    const results = await Promise.all(
      signed.map((upload) => recordUpload(racer, upload, 'part.txt', 'text/plain', size, { project: racerSpace })),
    );
    expect(results.filter((result) => result.data?.setFile).length).toBe(3);
    expect(results.filter((result) => result.errors?.[0]?.extensions.code === 'STORAGE_LIMIT_EXCEEDED').length).toBe(5);
    expect((await stats(racer)).storage).toBe(100 * megabyte);
    expect((await signUpload(racer, 'one-more.txt', 'text/plain', 1, { project: racerSpace })).errors?.[0]?.extensions.code).toBe(
      'STORAGE_LIMIT_EXCEEDED',
    );
  });

  it('records one file when setFile runs twice at once for one upload, and keeps its bytes and thumbnail', async () => {
    const signed = expectData(await signUpload(owner, 'twice.png', 'image/png', png.length, { project: space })).signedUploadURL;
    expect((await putBytes(owner, signed, png)).ok).toBe(true);
    const results = await Promise.all(
      [1, 2, 3].map(() => recordUpload(owner, signed, 'twice.png', 'image/png', png.length, { project: space })),
    );
    // Every call answers with the one file the first of them recorded.
    for (const result of results) expect(expectData(result).setFile.id).toBe(signed.code);
    expect(await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM files WHERE id = ${signed.code}`)).toEqual({
      count: 1,
    });
    const file = expectData(results[0]!).setFile;
    const download = await fetch(`${server.url}${file.url}`, { headers: { cookie: owner.client.cookieHeader() } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${server.url}${file.thumbnail}`, { headers: { cookie: owner.client.cookieHeader() } })).status).toBe(200);
    // A later retry is answered alike; someone else's retry is not.
    expect(expectData(await recordUpload(owner, signed, 'twice.png', 'image/png', png.length, { project: space })).setFile.id).toBe(
      signed.code,
    );
    const teammate = await joinTeam(owner, await person(server, 'Tim'));
    expectData(await teammate.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
    expect(
      (await recordUpload(teammate, signed, 'twice.png', 'image/png', png.length, { project: space })).errors?.[0]?.extensions.code,
    ).toBe('UPLOAD_FAILED');
    expect((await fetch(`${server.url}${file.url}`, { headers: { cookie: owner.client.cookieHeader() } })).status).toBe(200);
    expectData(await owner.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: file.id }));
  });

  it('puts the bucket in the Content-Security-Policy only when files go to S3', async () => {
    const policy = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    if (driver === 's3') {
      const origin = new URL(s3!.environment.S3_ENDPOINT).origin;
      for (const name of ['connect-src', 'img-src', 'media-src']) expect(directive(name), name).toContain(origin);
      // The origin is the one signed URLs name: the browser's upload and download targets.
      const signed = expectData(await signUpload(owner, 'csp.txt', 'text/plain', 3, { project: space })).signedUploadURL;
      expect(new URL(signed.original).origin).toBe(origin);
      expectData(await owner.client.execute('mutation ($code: ID!) { cancelUpload(code: $code) }', { code: signed.code }));
    } else {
      expect(directive('connect-src')).toBe("connect-src 'self' ws: wss: data:");
      expect(directive('media-src')).toBe("media-src 'self' blob:");
    }
  });

  it('cancels an unrecorded upload: its bytes go, it stops counting, and it can no longer be recorded', async () => {
    const cancel = (who: Person, code: string) =>
      who.client.execute<{ cancelUpload: boolean }>('mutation ($code: ID!) { cancelUpload(code: $code) }', { code });
    const { driver: storage } = storageOf(server.app.services.config);
    const signed = expectData(await signUpload(owner, 'dropped.txt', 'text/plain', 4, { project: space })).signedUploadURL;
    expect((await putBytes(owner, signed, Buffer.from('drop'))).ok).toBe(true);
    expect(await storage.uploadStarted(signed.key)).toBe(true);

    const other = await joinTeam(owner, await person(server, 'Otto'));
    expect((await cancel(other, signed.code)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const events = await countEvents(server);
    expect(expectData(await cancel(owner, signed.code)).cancelUpload).toBe(true);
    expect(await countEvents(server)).toBe(events);
    expect(await storage.uploadStarted(signed.key)).toBe(false);
    expect((await recordUpload(owner, signed, 'dropped.txt', 'text/plain', 4, { project: space })).errors?.[0]?.extensions.code).toBe(
      'UPLOAD_FAILED',
    );
    expect((await cancel(owner, signed.code)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    if (driver === 'local') {
      // The link of a cancelled upload takes no more bytes.
      const again = await putBytes(owner, signed, Buffer.from('drop'));
      expect(again.status).toBe(410);
      expect(await storage.uploadStarted(signed.key)).toBe(false);
    }
    const recorded = await uploadFile(owner, 'kept.txt', 'text/plain', Buffer.from('kept'), { project: space });
    expect((await cancel(owner, recorded.id)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expectData(await owner.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: recorded.id }));
  });

  // Some sixty requests, twenty at a time signed by the S3 driver: more than the default twenty seconds on a busy machine.
  it('counts toward the 20 uploads in flight only uploads not cancelled, and idle ones only for 10 minutes', async () => {
    const cancel = (who: Person, code: string) =>
      who.client.execute<{ cancelUpload: boolean }>('mutation ($code: ID!) { cancelUpload(code: $code) }', { code });
    const age = (who: Person, minutes: number) =>
      appRun(
        server.app,
        sql`UPDATE file_uploads SET created_at = ${new Date(Date.now() - minutes * 60 * 1000).toISOString()} WHERE user_id = ${who.id}`,
      );
    const sign = (who: Person, name: string) => signUpload(who, name, 'text/plain', 1, { project: space });
    const batch = async (who: Person) =>
      Promise.all(Array.from({ length: 20 }, async (_, index) => expectData(await sign(who, `part-${index}.txt`)).signedUploadURL));

    // Uploads whose bytes never came: they hold their places for 10 minutes, then free them.
    const idle = await joinTeam(owner, await person(server, 'Ida'));
    expectData(await idle.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
    const idleBatch = await batch(idle);
    expect((await sign(idle, 'one-more.txt')).errors?.[0]?.extensions.code).toBe('TOO_MANY_FILES');
    await age(idle, 9);
    expect((await sign(idle, 'one-more.txt')).errors?.[0]?.extensions.code).toBe('TOO_MANY_FILES');
    await age(idle, 11);
    const late = expectData(await sign(idle, 'one-more.txt')).signedUploadURL;
    // A late arrival can still be recorded until its URL and record-by time run out.
    expect((await putBytes(idle, idleBatch[0]!, Buffer.from('a'))).ok).toBe(true);
    expectData(await recordUpload(idle, idleBatch[0]!, 'part-0.txt', 'text/plain', 1, { project: space }));
    expectData(await cancel(idle, late.code));

    // Uploads whose bytes arrived keep counting until recorded or cancelled.
    const busy = await joinTeam(owner, await person(server, 'Bea'));
    expectData(await busy.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
    const busyBatch = await batch(busy);
    await Promise.all(busyBatch.map((upload) => putBytes(busy, upload, Buffer.from('b'))));
    await age(busy, 30);
    expect((await sign(busy, 'one-more.txt')).errors?.[0]).toMatchObject({
      extensions: { code: 'TOO_MANY_FILES', key: 'too_many_files', limit: 20 },
    });
    expect(expectData(await cancel(busy, busyBatch[0]!.code)).cancelUpload).toBe(true);
    const replacement = expectData(await sign(busy, 'one-more.txt')).signedUploadURL;
    expect((await sign(busy, 'two-more.txt')).errors?.[0]?.extensions.code).toBe('TOO_MANY_FILES');
    for (const upload of [...busyBatch.slice(1), replacement]) expectData(await cancel(busy, upload.code));
    for (const upload of idleBatch.slice(1)) expectData(await cancel(idle, upload.code));
    expect(
      await appRow(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM file_uploads WHERE user_id IN (${idle.id}, ${busy.id})`),
    ).toEqual({ count: 0 });
  }, 60_000);

  it('sweeps uploads nobody recorded once their time is up', async () => {
    const signed = expectData(await signUpload(owner, 'forgotten.txt', 'text/plain', 4, { project: space })).signedUploadURL;
    await putBytes(owner, signed, Buffer.from('lost'));
    const before = await count(server, 'file_uploads');
    const swept = await sweepStorage(server.app.services, new Date(Date.now() + 7 * 60 * 60 * 1000));
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await count(server, 'file_uploads')).toBe(0);
    expect(before).toBeGreaterThan(0);
    expect((await storedObjects()).some((path) => path.includes(signed.code))).toBe(false);
    expect((await recordUpload(owner, signed, 'forgotten.txt', 'text/plain', 4, { project: space })).errors?.[0]?.extensions.code).toBe(
      'UPLOAD_FAILED',
    );
  });
});

describe('file permissions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets members upload, only the author or a space admin change a file, and nobody from another team see it', async () => {
    const admin = await person(server, 'Ida');
    const basic = await joinTeam(admin, await person(server, 'Ben'));
    const stranger = await person(server, 'Sam');
    const space = await createSpace(admin, 'Shared');
    expectData(await basic.client.execute('mutation ($p: ID!) { joinProject(project: $p) { id } }', { p: space }));
    const adminFile = await uploadFile(admin, 'plan.txt', 'text/plain', Buffer.from('plan'), { project: space });
    const basicFile = await uploadFile(basic, 'mine.txt', 'text/plain', Buffer.from('mine'), { project: space });
    expect(basicFile.canEdit).toBe(true);
    const refused = await basic.client.execute('mutation ($id: ID!) { delFile(id: $id) }', { id: adminFile.id });
    expect(refused.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expectData(await admin.client.execute('mutation ($id: ID!) { ediFile(id: $id, name: "renamed.txt") { id } }', { id: basicFile.id }));
    for (const query of [
      ['query ($id: ID!) { getFile(id: $id) { id } }', { id: adminFile.id }],
      ['query ($p: ID) { getFiles(project: $p) { id } }', { p: space }],
      ['mutation ($id: ID!) { delFile(id: $id) }', { id: adminFile.id }],
    ] as const) {
      expect(['NOT_FOUND', 'PERMISSION_DENIED']).toContain(
        (await stranger.client.execute(query[0], query[1])).errors?.[0]?.extensions.code,
      );
    }
    expect((await fetch(`${server.url}${adminFile.url}`, { headers: { cookie: stranger.client.cookieHeader() } })).status).toBe(404);
    const foreign = await signUpload(stranger, 'x.txt', 'text/plain', 4, { project: space });
    expect(foreign.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const own = expectData(await signUpload(stranger, 'x.txt', 'text/plain', 4)).signedUploadURL;
    await putBytes(stranger, own, Buffer.from('xxxx'));
    expect((await recordUpload(stranger, own, 'x.txt', 'text/plain', 4, { project: space })).errors?.[0]?.extensions.code).toBe(
      'NOT_FOUND',
    );
  });

  it('fills a portfolio page with readable files when unreadable ones come first', async () => {
    const admin = await person(server, 'Pia');
    const author = await joinTeam(admin, await person(server, 'Pat'));
    const open = await createSpace(admin, 'Open');
    const closed = await createSpace(admin, 'Closed', 'private');
    expectData(await author.client.execute('mutation ($p: ID!) { joinProject(project: $p) { id } }', { p: open }));
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: author.id, project: closed },
      ),
    );
    const readable = [];
    for (const index of [1, 2, 3])
      readable.push(await uploadFile(author, `open-${index}.txt`, 'text/plain', Buffer.from('open'), { project: open }));
    for (const index of [1, 2, 3])
      await uploadFile(author, `closed-${index}.txt`, 'text/plain', Buffer.from('closed'), { project: closed });
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: author.id, project: closed },
      ),
    );
    const page = async (offset: number, limit: number) =>
      expectData(
        await author.client.execute<{ getFiles: { name: string }[] }>(
          'query ($o: Int, $l: Int) { getFiles(portfolio: true, offset: $o, limit: $l) { name } }',
          { o: offset, l: limit },
        ),
      ).getFiles.map((file) => file.name);
    expect(await page(0, 2)).toEqual(['open-3.txt', 'open-2.txt']);
    expect(await page(2, 2)).toEqual(['open-1.txt']);
    expect(await page(0, 50)).toEqual(readable.map((file) => file.name).reverse());
  });

  it('puts files only in file or media folders, never in a doc folder', async () => {
    const admin = await person(server, 'Dot');
    const space = await createSpace(admin, 'Kinds');
    const make = async (type: string) =>
      expectData(
        await admin.client.execute<{ setFolder: { id: string } }>(
          'mutation ($p: ID!, $n: String!, $t: String) { setFolder(project: $p, name: $n, type: $t) { id } }',
          { p: space, n: type, t: type },
        ),
      ).setFolder.id;
    const [docs, media] = [await make('doc'), await make('media')];
    const signed = expectData(await signUpload(admin, 'notes.txt', 'text/plain', 5, { project: space })).signedUploadURL;
    await putBytes(admin, signed, Buffer.from('notes'));
    const refused = await recordUpload(admin, signed, 'notes.txt', 'text/plain', 5, { project: space, folder: docs });
    expect(refused.errors?.[0]).toMatchObject({ message: errorMessages.FILE_FOLDER_TYPE, extensions: { code: 'FILE_FOLDER_TYPE' } });
    const file = expectData(await recordUpload(admin, signed, 'notes.txt', 'text/plain', 5, { project: space })).setFile;
    const events = await countEvents(server);
    const move = await admin.client.execute('mutation ($id: ID!, $f: ID) { ediFile(id: $id, folder: $f) { folder } }', {
      id: file.id,
      f: docs,
    });
    expect(move.errors?.[0]?.extensions.code).toBe('FILE_FOLDER_TYPE');
    expect(await countEvents(server)).toBe(events);
    expect(
      expectData(
        await admin.client.execute<{ ediFile: { folder: string } }>(
          'mutation ($id: ID!, $f: ID) { ediFile(id: $id, folder: $f) { folder } }',
          { id: file.id, f: media },
        ),
      ).ediFile.folder,
    ).toBe(media);
  });

  it('nests folders, refuses a folder moved into its own child, and keeps files when a folder goes', async () => {
    const admin = await person(server, 'Flo');
    const space = await createSpace(admin, 'Folders');
    const make = async (name: string, upfolder?: string) =>
      expectData(
        await admin.client.execute<{ setFolder: { id: string } }>(
          'mutation ($p: ID!, $n: String!, $u: ID) { setFolder(project: $p, name: $n, upfolder: $u) { id } }',
          { p: space, n: name, u: upfolder ?? null },
        ),
      ).setFolder.id;
    const parent = await make('Parent');
    const child = await make('Child', parent);
    const grandchild = await make('Grandchild', child);
    const before = await countEvents(server);
    for (const target of [parent, grandchild]) {
      const cycle = await admin.client.execute('mutation ($id: ID!, $u: ID) { ediFolder(id: $id, upfolder: $u) { id } }', {
        id: parent,
        u: target,
      });
      expect(cycle.errors?.[0]).toMatchObject({ message: errorMessages.FOLDER_CYCLE, extensions: { code: 'FOLDER_CYCLE' } });
    }
    expect(await countEvents(server)).toBe(before);
    const path = expectData(
      await admin.client.execute<{ getFolder: { path: { name: string }[] } }>(
        'query ($f: ID!) { getFolder(folder: $f) { path { name } } }',
        { f: grandchild },
      ),
    ).getFolder.path;
    expect(path.map((folder) => folder.name)).toEqual(['Parent', 'Child']);
    const file = await uploadFile(admin, 'deep.txt', 'text/plain', Buffer.from('deep'), { project: space, folder: grandchild });
    expect(file.folder).toBe(grandchild);
    expectData(await admin.client.execute('mutation ($id: ID!) { delFolder(id: $id) }', { id: grandchild }));
    const moved = expectData(
      await admin.client.execute<{ getFile: { folder: string } }>(`query ($id: ID!) { getFile(id: $id) { ${fileFields} } }`, {
        id: file.id,
      }),
    ).getFile;
    expect(moved.folder).toBe(child);
    await wait(0);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf, serverOf, startS3, uploadFile, type UploadedFile } from './fileFactories';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { createSpace, expectData, person, type Person } from './teamFactories';

const sandbox = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The first bytes of an MP4 (an ftyp box) and of an MP3 (an ID3 tag, then a frame header): what sniffing recognises. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2avc1mp41', 'latin1'),
  Buffer.alloc(64),
]);
const mp3 = Buffer.concat([
  Buffer.from('ID3', 'latin1'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x00]),
  Buffer.alloc(413),
]);

interface Sample {
  name: string;
  type: string;
  bytes: Buffer;
  disposition: 'inline' | 'attachment';
}

async function samples(): Promise<Sample[]> {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366aa' } });
  return [
    { name: 'report.pdf', type: 'application/pdf', bytes: minimalPdf('Report'), disposition: 'attachment' },
    { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>document.title = "pwned"</script>'), disposition: 'attachment' },
    {
      name: 'logo.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      disposition: 'attachment',
    },
    { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain words'), disposition: 'attachment' },
    { name: 'photo.png', type: 'image/png', bytes: await image.clone().png().toBuffer(), disposition: 'inline' },
    { name: 'photo.jpg', type: 'image/jpeg', bytes: await image.clone().jpeg().toBuffer(), disposition: 'inline' },
    { name: 'clip.mp4', type: 'video/mp4', bytes: mp4, disposition: 'inline' },
    { name: 'song.mp3', type: 'audio/mpeg', bytes: mp3, disposition: 'inline' },
  ];
}

function expectSandboxed(response: Response): void {
  expect(response.headers.get('content-security-policy')).toBe(sandbox);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe.each(['local', 's3'] as const)('media headers through the %s driver', (driver) => {
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let owner: Person;
  let space: string;
  const uploaded = new Map<string, { sample: Sample; file: UploadedFile }>();
  const session = () => ({ headers: { cookie: owner.client.cookieHeader() } });

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3() : null;
    server = await startTestServer(s3?.environment ?? {});
    owner = await person(server, 'Mia');
    space = await createSpace(owner, 'Media');
    for (const sample of await samples())
      uploaded.set(sample.name, { sample, file: await uploadFile(owner, sample.name, sample.type, sample.bytes, { project: space }) });
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  it('serves every stored type sandboxed and nosniff; only images, video and audio inline, PDF, HTML, SVG and text as attachments', async () => {
    for (const { sample, file } of uploaded.values()) {
      const response = await fetch(`${server.url}${file.url}`, session());
      expect(response.status, sample.name).toBe(200);
      expectSandboxed(response);
      expect(response.headers.get('content-type'), sample.name).toBe(sample.type);
      expect(response.headers.get('content-disposition'), sample.name).toMatch(new RegExp(`^${sample.disposition};`));
      expect(Buffer.from(await response.arrayBuffer()).equals(sample.bytes), sample.name).toBe(true);
    }
    const { file: photo } = uploaded.get('photo.png')!;
    const thumbnail = await fetch(`${server.url}${photo.thumbnail}`, session());
    expect(thumbnail.status).toBe(200);
    expectSandboxed(thumbnail);
    expect(thumbnail.headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('sandboxes refusals too: no session, a missing file, a wrong signature', async () => {
    const { file } = uploaded.get('report.pdf')!;
    for (const response of [
      await fetch(`${server.url}${file.url}`),
      await fetch(`${server.url}/media/files/${'e'.repeat(24)}`, session()),
      await fetch(`${server.url}${file.url}?expires=1&signature=forged`),
      await fetch(`${server.url}${file.url}/shared`),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expectSandboxed(response);
    }
  });

  it('signed downloads carry the same type and disposition (the bucket applies them to presigned GETs)', async () => {
    for (const { sample, file } of uploaded.values()) {
      const signed = expectData(
        await owner.client.execute<{ signedDownloadPublicURL: string }>('query ($file: ID!) { signedDownloadPublicURL(file: $file) }', {
          file: file.id,
        }),
      ).signedDownloadPublicURL;
      if (driver === 's3') expect(signed.startsWith(s3!.environment.S3_ENDPOINT)).toBe(true);
      const response = await fetch(new URL(signed, serverOf(owner)));
      expect(response.status, sample.name).toBe(200);
      expect(response.headers.get('content-type'), sample.name).toBe(sample.type);
      expect(response.headers.get('content-disposition'), sample.name).toMatch(new RegExp(`^${sample.disposition};`));
      // The bucket is another origin and cannot be told to send a CSP; the server's own signed path does.
      if (driver === 'local') expectSandboxed(response);
      await response.arrayBuffer();
    }
  });

  it('shares a PDF as an attachment, sandboxed, and tells its real size on HEAD and to getSharedFile', async () => {
    const { sample, file } = uploaded.get('report.pdf')!;
    expectData(await owner.client.execute('mutation ($id: ID!) { ediFile(id: $id, shared: true) { id } }', { id: file.id }));
    const head = await fetch(`${server.url}/media/files/${file.id}/shared`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(sample.bytes.length));
    expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
    expectSandboxed(head);
    const memberHead = await fetch(`${server.url}${file.url}`, { method: 'HEAD', ...session() });
    expect(memberHead.headers.get('content-length')).toBe(String(sample.bytes.length));
    const anonymous = new GraphqlTestClient(server);
    const details = expectData(
      await anonymous.execute<{ getSharedFile: { size: number } }>('query ($id: ID!) { getSharedFile(id: $id) { size } }', { id: file.id }),
    ).getSharedFile;
    expect(details.size).toBe(sample.bytes.length);
    const bytes = await fetch(`${server.url}/media/files/${file.id}/shared`);
    expectSandboxed(bytes);
    expect(Buffer.from(await bytes.arrayBuffer()).length).toBe(sample.bytes.length);
  });

  it('serves profile photos sandboxed and nosniff, and a missing one alike', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer();
    const profile = expectData(
      await owner.client.execute<{ ediUser: { profileImg: string } }>(
        'mutation ($image: String) { ediUser(profileImg: $image) { profileImg } }',
        { image: `data:image/png;base64,${png.toString('base64')}` },
      ),
    ).ediUser;
    const avatar = await fetch(new URL(profile.profileImg, server.url));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expectSandboxed(avatar);
    const missing = await fetch(`${server.url}/media/avatars/${'a'.repeat(24)}-${'b'.repeat(16)}.png`);
    expect(missing.status).toBe(404);
    expectSandboxed(missing);
  });
});

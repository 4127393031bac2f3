import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort, type TestServer } from './harness';
import { expectData, type Person } from './teamFactories';

export interface SignedUpload {
  original: string;
  method: string;
  headers: Record<string, string>;
  key: string;
  code: string;
  expiresAt: string;
}

export interface UploadedFile {
  id: string;
  name: string;
  type: string;
  size: number;
  url: string;
  shared: boolean;
  category: string;
  thumbnail: string | null;
  duration: number | null;
  folder: string | null;
  sharedUrl: string | null;
  canEdit: boolean;
}

export const fileFields = 'id name type size url shared category thumbnail duration folder sharedUrl canEdit';

type Owner = { project?: string; task?: string; privat?: string };

export async function signUpload(person: Person, name: string, type: string, size: number, owner: Owner = {}) {
  return person.client.execute<{ signedUploadURL: SignedUpload }>(
    `query ($filename: String!, $filetype: String!, $size: Float!, $project: ID, $task: ID, $privat: ID) {
      signedUploadURL(filename: $filename, filetype: $filetype, size: $size, project: $project, task: $task, privat: $privat) { original method headers key code expiresAt }
    }`,
    { filename: name, filetype: type, size, ...owner },
  );
}

/** The server a person's client talks to: local upload and download URLs are paths on it. */
export const serverOf = (person: Person) =>
  new URL('/', (person.client as unknown as { server: { graphqlUrl: string } }).server.graphqlUrl).href;

export function putBytes(person: Person, signed: SignedUpload, bytes: Uint8Array): Promise<Response> {
  return fetch(new URL(signed.original, serverOf(person)), {
    method: 'PUT',
    headers: signed.headers,
    body: new Blob([Uint8Array.from(bytes)]),
  });
}

export async function recordUpload(
  person: Person,
  signed: SignedUpload,
  name: string,
  type: string,
  size: number,
  owner: Owner & { folder?: string } = {},
) {
  return person.client.execute<{ setFile: UploadedFile }>(
    `mutation ($name: String!, $code: ID!, $type: String!, $size: Float!, $location: String!, $project: ID, $task: ID, $privat: ID, $folder: ID) {
      setFile(name: $name, code: $code, type: $type, size: $size, location: $location, project: $project, task: $task, privat: $privat, folder: $folder) { ${fileFields} }
    }`,
    { name, code: signed.code, type, size, location: signed.key, ...owner },
  );
}

/** Signs, sends the bytes and records them: a file in one line. */
export async function uploadFile(
  person: Person,
  name: string,
  type: string,
  bytes: Uint8Array,
  owner: Owner & { folder?: string },
): Promise<UploadedFile> {
  const { folder, ...where } = owner;
  const signed = expectData(await signUpload(person, name, type, bytes.length, where)).signedUploadURL;
  const put = await putBytes(person, signed, bytes);
  if (!put.ok) throw new Error(`upload refused: ${put.status} ${await put.text()}`);
  return expectData(await recordUpload(person, signed, name, type, bytes.length, { ...where, ...(folder ? { folder } : {}) })).setFile;
}

/** A real S3 endpoint for the tests: s3rver on a free port, storing in a temporary folder. */
/**
 * A file of `size` bytes in the owner's space written straight into the log, as a recorded file would be, without its
 * bytes: it takes that much of the team's storage, to bring a quota within reach.
 */
export async function storageFiller(server: TestServer, owner: Person, space: string, size: number): Promise<void> {
  const fileId = 'f'.repeat(24);
  await server.app.services.store.run(
    { actorId: owner.id },
    async (unit) =>
      await unit.append(
        `file:${fileId}`,
        [
          {
            type: 'file.created',
            payload: {
              fileId,
              teamId: owner.teamId,
              projectId: space,
              taskId: null,
              privatId: null,
              folderId: null,
              name: 'big.bin',
              mimeType: 'application/octet-stream',
              kind: 'unknown',
              size,
              location: `${owner.teamId}/${fileId}`,
              thumbnail: null,
              preview: null,
              width: null,
              height: null,
              duration: null,
              text: null,
              story: false,
            },
          },
        ],
        { teamId: owner.teamId },
      ),
  );
}

export async function startS3() {
  const directory = mkdtempSync(join(tmpdir(), 'workspace-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
  await server.run();
  return {
    environment: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'workspace-test',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A tiny valid PDF with one line of text. */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 20 60 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a Windows program: what a renamed .exe really is. */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(128, 60);
  bytes.write('PE\0\0', 128, 'latin1');
  return bytes;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, onSqlite, type SqliteApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { domains } from '../../server/src/domains';
import { appRow, appRows, replayedBesideLive } from '../support/appRows';
import { pdfText } from '../../server/src/domains/files/analysis';
import { PdfTextExtraction, pdfTextExtractionOf, replacePdfTextExtraction } from '../../server/src/domains/files/textExtraction';
import { fileFields, minimalPdf, uploadFile } from './fileFactories';
import { databaseEnvironment, nextResults, subscriptionClient, type TestServer } from './harness';
import { createSpace, person } from './teamFactories';

const silentLog = { warn: () => undefined };

/** A server on a given data folder, so a second one can start where the first stopped. */
async function serverOn(dataDirectory: string): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'silent',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    RATE_LIMITS: 'false',
    ...(await databaseEnvironment(dataDirectory)),
  });
  const built = await buildApp(config);
  const app = built.services.database.sqlite ? onSqlite(built) : (built as SqliteApp);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    websocketUrl: `ws://127.0.0.1:${address.port}/graphql`,
    app,
    dataDirectory,
    close: () => app.server.close(),
  };
}

/** A text reader that waits until the test lets it go on: the PDF library "still loading". */
function heldReader() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const read = async (data: Uint8Array) => {
    started += 1;
    await gate;
    return pdfText(data);
  };
  return { read, release, started: () => started };
}

const fileText = async (server: TestServer, fileId: string) =>
  (await appRow<{ text: string | null }>(server.app, sql`SELECT text FROM files WHERE id = ${fileId}`))?.text;
const eventTypes = async (server: TestServer, fileId: string) =>
  (await appRows<{ type: string }>(server.app, sql`SELECT type FROM events WHERE stream = ${`file:${fileId}`} ORDER BY seq`)).map(
    (row) => row.type,
  );

describe("a PDF's text for search", () => {
  const directories: string[] = [];
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close().catch(() => undefined);
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  async function freshServer(directory = mkdtempSync(join(tmpdir(), 'workspace-pdf-text-'))) {
    if (!directories.includes(directory)) directories.push(directory);
    const server = await serverOn(directory);
    servers.push(server);
    return server;
  }

  it('records the first PDF after start without waiting for the PDF library; the text follows through the event log and the live feed', async () => {
    const server = await freshServer();
    const held = heldReader();
    replacePdfTextExtraction(server.app.services, new PdfTextExtraction(server.app.services, silentLog, held.read));
    const owner = await person(server, 'Pia');
    const space = await createSpace(owner, 'Papers');
    const socket = subscriptionClient(server, { cookie: owner.client.cookieHeader() });
    const changes = nextResults<{ subFile: { type: string; fileId: string } }>(
      socket,
      `subscription ($p: ID) { subFile(project: $p) { type fileId file { ${fileFields} } } }`,
      { p: space },
      2,
    );
    await changes.started;

    const file = await uploadFile(owner, 'minutes.pdf', 'application/pdf', minimalPdf('Board minutes'), { project: space });
    // setFile has answered while the extraction is still held back: the file is recorded, its text not yet.
    expect(file.category).toBe('Pdf');
    expect(await fileText(server, file.id)).toBeNull();
    expect(await eventTypes(server, file.id)).toEqual(['file.created']);

    held.release();
    await pdfTextExtractionOf(server.app.services).idle();
    expect(held.started()).toBe(1);
    expect(await fileText(server, file.id)).toContain('Board minutes');
    expect(await eventTypes(server, file.id)).toEqual(['file.created', 'file.text_extracted']);
    expect((await changes.done).map((change) => change.subFile.type)).toEqual(['file.created', 'file.text_extracted']);
    await socket.dispose();
  });

  it('reads the text at the next start when the server stopped before it was read, and records an unreadable PDF once, with no text', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'workspace-pdf-text-'));
    const first = await freshServer(directory);
    const held = heldReader();
    replacePdfTextExtraction(first.app.services, new PdfTextExtraction(first.app.services, silentLog, held.read));
    const owner = await person(first, 'Ravi');
    const space = await createSpace(owner, 'Archive');
    const file = await uploadFile(owner, 'contract.pdf', 'application/pdf', minimalPdf('Signed contract'), { project: space });
    const broken = await uploadFile(
      owner,
      'broken.pdf',
      'application/pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.alloc(200, 0x41)]),
      { project: space },
    );
    expect(await fileText(first, file.id)).toBeNull();
    await first.close();
    held.release();

    const second = await freshServer(directory);
    await pdfTextExtractionOf(second.app.services).idle();
    expect(await fileText(second, file.id)).toContain('Signed contract');
    expect(await fileText(second, broken.id)).toBe('');
    expect(await eventTypes(second, broken.id)).toEqual(['file.created', 'file.text_extracted']);
    // The text lives in the log: a replay into an empty database gives the same files, text included.
    const { live, rebuilt } = await replayedBesideLive(
      second,
      domains.flatMap((module) => module.projections),
    );
    expect(rebuilt).toEqual(live);
    await second.close();

    // Nothing is waiting any more: a third start reads nothing and records nothing.
    const third = await freshServer(directory);
    const reader = heldReader();
    reader.release();
    replacePdfTextExtraction(third.app.services, new PdfTextExtraction(third.app.services, silentLog, reader.read));
    await pdfTextExtractionOf(third.app.services).resume();
    await pdfTextExtractionOf(third.app.services).idle();
    expect(reader.started()).toBe(0);
  });
});

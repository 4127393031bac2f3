import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/src/app';
import {
  PdfTextExtraction,
  pdfPickUpJob,
  pdfTextExtractionOf,
  replacePdfTextExtraction,
} from '../../server/src/domains/files/textExtraction';
import { tableDialect } from '../../server/src/db/pickTable';
import { startInProcess } from './docFactories';
import { minimalPdf, uploadFile } from './fileFactories';
import { databaseEnvironment } from './harness';
import { createSpace, person } from './teamFactories';

/**
 * PDF text across two app processes A and B on one PostgreSQL database (issue 22, plan §2.6), both in this test's
 * process so the test can count each one's readings of PDFs (so this runs in the suite's run on PostgreSQL, whose
 * processes pick the PostgreSQL tables; SQLite serves one process, and files-pdf-text.test.ts tests it): a PDF is read by the process holding its `pdf-text`
 * claim only, so a PDF being read on A is not read on B as well; the pick-up of PDFs waiting for their text is the
 * leased job "files: PDFs waiting for text", run by one process per period, and a PDF it picked up is read once.
 */

const processTimeoutMs = 2_000;
const pickUpIntervalMs = 300;

interface Process {
  app: App;
  url: string;
  graphqlUrl: string;
  reader: CountingReader;
}

/** Reads a PDF's "text" without pdf.js, counting its readings; `hold` keeps the next ones waiting until `release`. */
interface CountingReader {
  read(data: Uint8Array): Promise<string>;
  readings: number;
  hold(): void;
  release(): void;
}

function countingReader(): CountingReader {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  const reader: CountingReader = {
    readings: 0,
    async read() {
      reader.readings += 1;
      await gate;
      return 'Board minutes';
    },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = Promise.resolve();
    },
  };
  return reader;
}

let sql: postgres.Sql;
let dataDirectory: string;
const processes: Process[] = [];

async function startProcess(): Promise<Process> {
  const reader = countingReader();
  // One data folder, so one database, and local file storage shared as on one machine: either process reads the bytes.
  const { app, url, graphqlUrl } = await startInProcess(dataDirectory, {
    environment: { CLUSTER_PROCESS_TIMEOUT_MS: String(processTimeoutMs), JOB_INTERVALS_MS: `${pdfPickUpJob}=${pickUpIntervalMs}` },
    beforeListen: (built) =>
      replacePdfTextExtraction(
        built.services,
        new PdfTextExtraction(built.services, { warn: () => undefined }, (data) => reader.read(data)),
      ),
  });
  const started = { app, url, graphqlUrl, reader };
  processes.push(started);
  return started;
}

const fileText = async (fileId: string) => (await sql<{ text: string | null }[]>`SELECT text FROM files WHERE id = ${fileId}`)[0]?.text;
const textEvents = async (fileId: string) =>
  (
    await sql<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM events WHERE stream = ${`file:${fileId}`} AND type = 'file.text_extracted'`
  )[0]!.count;
/** Finished runs of the pick-up job that began after `after` (the database's clock). */
const pickUpRunsAfter = async (after: Date) =>
  (
    await sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM job_runs WHERE name = ${pdfPickUpJob} AND started_at > ${after} AND finished_at IS NOT NULL`
  )[0]!.count;
/** Sign-up mails wait in the outbox (no SMTP server is configured); rows are inserted in order, so ctid orders them. */
const outboxText = async (to: string) =>
  (await sql<{ text: string }[]>`SELECT text FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC, ctid DESC LIMIT 1`)[0]?.text;
const databaseNow = async () => (await sql<{ now: Date }[]>`SELECT now()`)[0]!.now;

describe.skipIf(tableDialect !== 'postgresql')('PDF text across two processes', () => {
  beforeAll(async () => {
    dataDirectory = mkdtempSync(join(tmpdir(), 'pdf-text-processes-'));
    // The folder's database on the suite's cluster, one for both processes.
    const url = (await databaseEnvironment(dataDirectory))['DATABASE_URL'];
    if (url === undefined) throw new Error('no PostgreSQL database for this run');
    sql = postgres(url, { max: 2, onnotice: () => undefined });
    await startProcess();
    await startProcess();
  }, 120_000);

  afterAll(async () => {
    for (const { app } of processes) await app.server.close().catch(() => undefined);
    await sql?.end({ timeout: 1 });
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });

  it('reads a PDF being read on one process nowhere else, and records its text once', async () => {
    const [a, b] = processes as [Process, Process];
    const owner = await person({ graphqlUrl: a.graphqlUrl, outboxText }, 'Pia');
    const space = await createSpace(owner, 'Papers');
    a.reader.hold();
    const file = await uploadFile(owner, 'minutes.pdf', 'application/pdf', minimalPdf('Board minutes'), { project: space });
    // A reads it (recorded there), held back; B's pick-up finds it waiting and leaves it to A, which holds its claim.
    await expect.poll(() => a.reader.readings).toBe(1);
    await pdfTextExtractionOf(b.app.services).resume();
    await pdfTextExtractionOf(b.app.services).idle();
    expect(b.reader.readings).toBe(0);
    expect(await fileText(file.id)).toBeNull();

    a.reader.release();
    await expect.poll(() => fileText(file.id)).toBe('Board minutes');
    // Once A is done, B finds the text there.
    await pdfTextExtractionOf(b.app.services).resume();
    await pdfTextExtractionOf(b.app.services).idle();
    expect(b.reader.readings).toBe(0);
    expect(a.reader.readings).toBe(1);
    expect(await textEvents(file.id)).toBe(1);
    expect(await sql`SELECT 1 FROM process_work WHERE kind = 'pdf-text'`).toHaveLength(0);
  }, 60_000);

  it('picks up a PDF waiting for its text in one process, through the leased job, and reads it once', async () => {
    const [a, b] = processes as [Process, Process];
    const owner = await person({ graphqlUrl: b.graphqlUrl, outboxText }, 'Quinn');
    const space = await createSpace(owner, 'Reports');
    const file = await uploadFile(owner, 'report.pdf', 'application/pdf', minimalPdf('Board minutes'), { project: space });
    await expect.poll(() => fileText(file.id)).toBe('Board minutes');
    const readingsBefore = a.reader.readings + b.reader.readings;

    // As if its text had never been read (its process died first): only the periodic pick-up can find it now.
    await sql`UPDATE files SET text = NULL WHERE id = ${file.id}`;
    await expect.poll(() => fileText(file.id), { timeout: 20_000 }).toBe('Board minutes');
    // Sentinel: two more whole periods of the job after the text came back read nothing more.
    const readAt = await databaseNow();
    await expect.poll(() => pickUpRunsAfter(readAt), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(a.reader.readings + b.reader.readings - readingsBefore).toBe(1);
    expect(await textEvents(file.id)).toBe(2);
    // Each period ran on one process only, and none failed.
    const runs = await sql<{ processId: string; error: string | null }[]>`
      SELECT process_id AS "processId", error FROM job_runs WHERE name = ${pdfPickUpJob}`;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.filter((run) => run.error !== null)).toEqual([]);
  }, 60_000);
});

import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { ClusterRegistry } from '../../core/cluster/registry';
import type { JobRunner } from '../../core/jobs';
import type { Services } from '../../graphql/context';
import { storageOf } from '../../storage';
import { analysisBounds, pdfText, readPdfBytes } from './analysis';
import { fileStream } from './events';
import { findFileRow, type Reader } from './state';
import { files } from './tables';

interface Log {
  warn(details: object, message: string): void;
}

/** The periodic pick-up with several processes on one database (one process per period). */
export const pdfPickUpJob = 'files: PDFs waiting for text';
const pdfPickUpIntervalMs = 60_000;
/** The kind of claimed work (process_work) a PDF being read is: its text is read by one process at a time. */
const pdfTextWork = 'pdf-text';

/** PDFs whose text is still to be read: recorded, small enough for pdf.js, and with no text event yet. */
export async function pdfsWaitingForText(db: Reader): Promise<string[]> {
  return (
    await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.kind, 'Pdf'), isNull(files.text), lte(files.size, analysisBounds.pdfMaximumBytes)))
      .orderBy(asc(files.createdAt))
  ).map((row) => row.id);
}

/**
 * Reads PDFs' text for search after setFile has answered, so recording a PDF never waits for pdf.js
 * (which takes seconds to load on a busy machine). The text reaches the files table through a
 * `file.text_extracted` event, like any other change: it is replayed with the log, and subscribers of
 * the file's owner hear of it. Nothing is held only in memory: which PDFs still need their text is the
 * database's answer (`text` is null), asked again at every start, so a crash or a restart in between
 * only delays the text. One PDF at a time, which bounds the memory pdf.js takes. With several processes on one
 * database, the question is asked every minute by one of them (a leased job), and a process reads a PDF only while it
 * holds its `pdf-text` claim, so a PDF recorded on one process and picked up by another is read once.
 */
export class PdfTextExtraction {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The start-up pick-up, while it waits for its turn on the job runner. */
  private pickUp: { done: Promise<void>; cancel: () => void } | null = null;

  constructor(
    private readonly services: Services,
    private readonly log: Log,
    /** How bytes become text: pdf.js, or a stand-in in tests that must hold the extraction back. */
    readonly readText: (data: Uint8Array) => Promise<string> = pdfText,
  ) {}

  /** Queues every PDF still without its text: those recorded before a crash or a restart. */
  async resume(): Promise<void> {
    for (const fileId of await pdfsWaitingForText(this.services.database.db)) this.waiting.add(fileId);
    this.drain();
  }

  /** Queues every PDF still without its text and resolves once they (and any queued before) are read. */
  async resumeAndFinish(): Promise<void> {
    await this.resume();
    while (this.running) await this.running;
  }

  /**
   * Runs `resume` as a job of the app's runner, as soon as start-up yields; `idle` waits for it too. With several
   * processes, only when `alone` answers true when it runs.
   */
  resumeSoon(jobs: JobRunner, alone: () => Promise<boolean> = async () => true): void {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const cancel = jobs.soon('files: pick up PDFs waiting for their text', async () => {
      // Done once the PDFs are queued (reading them is asynchronous on either database), so `idle` then waits for them.
      try {
        if (await alone()) await this.resume();
      } finally {
        this.pickUp = null;
        finish();
      }
    });
    this.pickUp = {
      done,
      cancel: () => {
        cancel();
        this.pickUp = null;
        finish();
      },
    };
  }

  /** Queues one recorded PDF. */
  enqueue(fileId: string): void {
    if (this.stopped) return;
    this.waiting.add(fileId);
    this.drain();
  }

  /** Resolves once nothing is queued or being read. */
  async idle(): Promise<void> {
    if (this.pickUp) await this.pickUp.done;
    while (this.running) await this.running;
  }

  /** Stops taking work; a PDF being read is not recorded (the next start reads it again). */
  stop(): void {
    this.stopped = true;
    this.pickUp?.cancel();
    this.waiting.clear();
  }

  private drain(): void {
    if (this.running || this.stopped || this.waiting.size === 0) return;
    this.running = (async () => {
      for (const fileId of this.waiting) {
        if (this.stopped) return;
        this.waiting.delete(fileId);
        await this.extract(fileId);
      }
    })().finally(() => {
      this.running = null;
      this.drain();
    });
  }

  private async extract(fileId: string): Promise<void> {
    const cluster = this.services.cluster;
    // Held by another living process: it is reading this PDF (the claim is taken before the row is read, so once it is
    // free again the row here says whether that process recorded the text). A failed claim leaves it to the next pick-up.
    if (cluster && !(await cluster.claimWork(pdfTextWork, fileId).catch(() => false))) return;
    try {
      await this.extractClaimed(fileId);
    } finally {
      await cluster?.releaseWork(pdfTextWork, fileId).catch(() => undefined);
    }
  }

  private async extractClaimed(fileId: string): Promise<void> {
    const row = await findFileRow(this.services.database.db, fileId);
    if (!row || row.kind !== 'Pdf' || row.text !== null) return;
    let data: Uint8Array;
    try {
      data = await readPdfBytes(storageOf(this.services.config).driver, row.location);
    } catch (error) {
      // Storage out of reach: the text stays missing and is tried again at the next pick-up (a start, or the periodic job).
      if (!this.stopped)
        this.log.warn({ err: error, fileId }, 'could not read a PDF to extract its text; trying again at the next pick-up');
      return;
    }
    let text: string;
    try {
      text = await this.readText(data);
    } catch (error) {
      // A PDF pdf.js cannot read is recorded with no text, so it is not read again at every start.
      this.log.warn({ err: error, fileId }, 'could not extract the text of a PDF; it stays out of search');
      text = '';
    }
    if (this.stopped) return;
    await this.services.store.run({ actorId: null }, async (unit) => {
      const current = await findFileRow(unit.transaction, fileId);
      if (!current || current.text !== null) return;
      const { projectId, taskId, privatId } = current;
      await unit.append(fileStream(fileId), [{ type: 'file.text_extracted', payload: { fileId, projectId, taskId, privatId, text } }], {
        teamId: current.teamId,
      });
    });
  }
}

const extractions = new WeakMap<Services, PdfTextExtraction>();

function consoleLog(services: Services): Log {
  return { warn: (details, message) => (services.config.logLevel === 'silent' ? undefined : console.warn(message, details)) };
}

/** The running server's PDF text extraction, made on first use. */
export function pdfTextExtractionOf(services: Services): PdfTextExtraction {
  let extraction = extractions.get(services);
  if (!extraction) {
    extraction = new PdfTextExtraction(services, consoleLog(services));
    extractions.set(services, extraction);
  }
  return extraction;
}

/** Tests replace the extraction (to hold it back) before the first PDF is recorded. */
export function replacePdfTextExtraction(services: Services, extraction: PdfTextExtraction): void {
  extractions.get(services)?.stop();
  extractions.set(services, extraction);
}

/**
 * At start: picks up PDFs still waiting for their text. pdf.js is loaded by the first extraction, not
 * at start: it adds about 60 MB to the heap of a server that may never see a PDF, and extraction runs
 * after setFile has answered, so the load delays only that first PDF's text.
 * With several processes on one database, the pick-up is a leased job every minute, run by one process per period
 * (it holds the lease until the PDFs it queued are read); at start only a process alone in the registry picks up
 * (a whole cluster starting again), since a process joining living ones leaves it to the job.
 */
export function startPdfTextExtraction(services: Services): () => void {
  const { cluster, jobs } = services;
  if (cluster === null) {
    pdfTextExtractionOf(services).resumeSoon(jobs);
    return () => pdfTextExtractionOf(services).stop();
  }
  pdfTextExtractionOf(services).resumeSoon(jobs, () => isAlone(cluster));
  const cancelPickUp = jobs.every(pdfPickUpJob, pdfPickUpIntervalMs, () => pdfTextExtractionOf(services).resumeAndFinish());
  return () => {
    cancelPickUp();
    pdfTextExtractionOf(services).stop();
  };
}

/** Whether no other process is alive; a failed look answers no, leaving the PDFs to the periodic job. */
async function isAlone(cluster: ClusterRegistry): Promise<boolean> {
  return cluster.isAlone().catch(() => false);
}

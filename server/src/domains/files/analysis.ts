import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { parseFile, parseStream } from 'music-metadata';
import sharp from 'sharp';
import { megabyte } from '#shared/files';
import { thumbnailKeyOf, type StorageDriver } from '../../storage/types';
import type { FileAnalysis } from './events';
import type { Sniffed } from './rules';
import { webmHeaderDuration } from './webmHeader';
import type * as PdfLibrary from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Log {
  warn(details: object, message: string): void;
}

/** Bounds of the work done on a file's bytes; bigger files are recorded without that extra. */
export const analysisBounds = {
  /** Bytes file-type reads to recognise a format. */
  sniffBytes: 4100,
  /** Bytes read for a WebM header's duration: Info comes right after the EBML header. */
  webmHeadBytes: 64 * 1024,
  /** Images up to this size get a thumbnail (sharp decodes the whole image). */
  thumbnailMaximumBytes: 50 * megabyte,
  thumbnailSizePx: 480,
  /** pdf.js needs the whole document in memory: bigger PDFs are not searched. */
  pdfMaximumBytes: 50 * megabyte,
  /** Characters of a PDF's text kept for search. */
  pdfTextMaximumLength: 500_000,
} as const;

export async function sniff(driver: StorageDriver, key: string): Promise<Sniffed | undefined> {
  const head = await driver.readHead(key, analysisBounds.sniffBytes);
  return fileTypeFromBuffer(head);
}

async function collect(stream: Readable, maximumBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maximumBytes) {
      stream.destroy();
      throw new Error(`more than ${maximumBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The original as sharp or pdf.js take it: a path on this machine, or the bytes fetched once (bounded). */
async function source(driver: StorageDriver, key: string, maximumBytes: number): Promise<string | Buffer> {
  return driver.localPath(key) ?? collect(await driver.read(key), maximumBytes);
}

async function imageDetails(driver: StorageDriver, key: string): Promise<Pick<FileAnalysis, 'thumbnail' | 'preview' | 'width' | 'height'>> {
  const input = await source(driver, key, analysisBounds.thumbnailMaximumBytes);
  const image = sharp(input, { limitInputPixels: 268_402_689, failOn: 'error' }).rotate();
  const metadata = await image.metadata();
  const size = analysisBounds.thumbnailSizePx;
  const thumbnail = await image.clone().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  const preview = await image.clone().resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
  const thumbnailKey = thumbnailKeyOf(key);
  await driver.write(thumbnailKey, thumbnail, 'image/webp');
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    thumbnail: thumbnailKey,
    preview: `data:image/webp;base64,${preview.toString('base64')}`,
    width: (rotated ? metadata.height : metadata.width) ?? null,
    height: (rotated ? metadata.width : metadata.height) ?? null,
  };
}

async function mediaDuration(driver: StorageDriver, key: string, mimeType: string, size: number): Promise<number | null> {
  // A browser's recording (MediaRecorder WebM) cannot be walked by music-metadata; the app's recorders state the
  // duration in its header.
  if (mimeType === 'video/webm' || mimeType === 'audio/webm') {
    const stated = webmHeaderDuration(await driver.readHead(key, analysisBounds.webmHeadBytes));
    if (stated !== null) return stated;
  }
  const path = driver.localPath(key);
  const options = { duration: true, skipCovers: true } as const;
  if (path) return (await parseFile(path, options)).format.duration ?? null;
  const stream = await driver.read(key);
  try {
    return (await parseStream(stream, { mimeType, size }, options)).format.duration ?? null;
  } finally {
    stream.destroy();
  }
}

/**
 * pdf.js, loaded once per process. Loading it takes seconds on a busy machine, so it never happens on a
 * request's path: text extraction runs after setFile has answered (textExtraction.ts).
 */
let pdfLibrary: Promise<typeof PdfLibrary> | undefined;
function loadPdfLibrary() {
  pdfLibrary ??= import('pdfjs-dist/legacy/build/pdf.mjs').catch((error: unknown) => {
    pdfLibrary = undefined;
    throw error;
  });
  return pdfLibrary;
}

/** A PDF's bytes for pdf.js, which needs the whole document (bounded by `pdfMaximumBytes`). */
export async function readPdfBytes(driver: StorageDriver, key: string): Promise<Uint8Array> {
  const input = await source(driver, key, analysisBounds.pdfMaximumBytes);
  return new Uint8Array(typeof input === 'string' ? await readFile(input) : input);
}

/** A PDF's text, page by page, for search. Runs pdf.js without eval and without fonts: text only, no script. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await loadPdfLibrary();
  const document = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length < analysisBounds.pdfTextMaximumLength; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      pages.push(text);
      length += text.length + 1;
      page.cleanup();
    }
    return pages.join('\n').slice(0, analysisBounds.pdfTextMaximumLength);
  } finally {
    await document.destroy();
  }
}

/**
 * Thumbnails and durations are extras: a file whose analysis fails is still recorded, without them, and
 * the failure is logged. A PDF's text is not read here: it follows once the file is recorded.
 */
export async function analyse(
  driver: StorageDriver,
  key: string,
  mimeType: string,
  kind: string,
  size: number,
  log: Log,
): Promise<FileAnalysis> {
  const analysis: FileAnalysis = { thumbnail: null, preview: null, width: null, height: null, duration: null, text: null };
  try {
    if (kind === 'image' && mimeType !== 'image/svg+xml' && size <= analysisBounds.thumbnailMaximumBytes)
      Object.assign(analysis, await imageDetails(driver, key));
    else if (kind === 'video' || mimeType.startsWith('audio/')) analysis.duration = await mediaDuration(driver, key, mimeType, size);
  } catch (error) {
    log.warn({ err: error, key, mimeType }, 'could not analyse an uploaded file; recording it without previews');
  }
  return analysis;
}

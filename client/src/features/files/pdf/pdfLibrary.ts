/**
 * pdf.js for the PDF preview, loaded only when a PDF is opened. The document is parsed from bytes the
 * app fetched (never handed to the browser's own PDF viewer), in pdf.js's worker, which Vite bundles as
 * a file of the app's origin so it loads under the CSP (`script-src 'self'`). Scripting stays off:
 * pdf.js runs a PDF's JavaScript only through its viewer's scripting sandbox, which is never loaded
 * here, and eval (`isEvalSupported`) and XFA forms are off too. Fonts, character maps and image
 * decoders pdf.js may need are bundled assets as well, handed over by file name.
 */
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const assetUrls: Record<string, Record<string, string>> = {
  cMapUrl: import.meta.glob('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', { query: '?url', import: 'default', eager: true }),
  standardFontDataUrl: import.meta.glob('../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
    query: '?url',
    import: 'default',
    eager: true,
  }),
  wasmUrl: import.meta.glob('../../../../../node_modules/pdfjs-dist/wasm/*.wasm', { query: '?url', import: 'default', eager: true }),
};

/** pdf.js asks for data files by kind and name; the answer is the bundled file of that name. */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const files = assetUrls[kind] ?? {};
    const url = Object.entries(files).find(([path]) => path.endsWith(`/${filename}`))?.[1];
    if (!url) throw new Error(`pdf.js asked for ${kind} ${filename}, which is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not load ${filename}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

let library: Promise<typeof PdfJs> | undefined;

function loadLibrary() {
  library ??= import('pdfjs-dist/legacy/build/pdf.mjs')
    .then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    })
    .catch((error: unknown) => {
      library = undefined;
      throw error;
    });
  return library;
}

export type PdfFailure = 'password' | 'invalid' | 'unavailable';

/** Why a PDF could not be opened, in the terms the viewer explains to people. */
export function pdfFailureOf(error: unknown): PdfFailure {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException' || name === 'FormatError') return 'invalid';
  return 'unavailable';
}

/** Parses a PDF's bytes; the caller destroys the document when it is done with it. */
export async function openPdf(data: Uint8Array): Promise<PdfJs.PDFDocumentProxy> {
  const pdfjs = await loadLibrary();
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    enableXfa: false,
    useWorkerFetch: false,
    BinaryDataFactory: BundledDataFactory,
    // The worker's complaints about odd PDFs are not the page's errors.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  // Without an onPassword handler, a password-protected PDF fails with a PasswordException.
  return task.promise;
}

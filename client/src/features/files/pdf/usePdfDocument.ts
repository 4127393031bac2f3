import { useCallback, useEffect, useState } from 'react';
import { openPdf, pdfFailureOf, type PdfFailure, type PDFDocumentProxy } from './pdfLibrary';

export type PdfDocumentState =
  { status: 'loading' } | { status: 'ready'; document: PDFDocumentProxy } | { status: 'failed'; failure: PdfFailure };

export interface PdfSource {
  /** Where the bytes are: the session route of the file, or its public shared route. */
  url: string;
  /** A public page sends no cookies. */
  credentials: RequestCredentials;
}

/** Loads a document's bytes with fetch (attachment or not, fetch reads them) and parses them with pdf.js. */
async function loadPdf(source: PdfSource, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const response = await fetch(source.url, { credentials: source.credentials, signal });
  if (!response.ok) throw new Error(`the PDF answered ${response.status}`);
  return openPdf(new Uint8Array(await response.arrayBuffer()));
}

/** The PDF at `source`, loaded while the component shows it and released when it goes; `retry` loads it again. */
export function usePdfDocument(source: PdfSource): { state: PdfDocumentState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const { url, credentials } = source;
  // The outcome of the load it came from: another source, or a retry, shows loading until its own.
  const [outcome, setOutcome] = useState<{ url: string; attempt: number; state: PdfDocumentState } | null>(null);
  const state: PdfDocumentState = outcome?.url === url && outcome.attempt === attempt ? outcome.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    let document: PDFDocumentProxy | null = null;
    const setState = (loaded: PdfDocumentState) => setOutcome({ url, attempt, state: loaded });
    loadPdf({ url, credentials }, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) {
          void loaded.destroy();
          return;
        }
        document = loaded;
        setState({ status: 'ready', document: loaded });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: pdfFailureOf(error) });
      },
    );
    return () => {
      controller.abort();
      void document?.destroy();
    };
  }, [url, credentials, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}

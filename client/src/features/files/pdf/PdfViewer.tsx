import clsx from 'clsx';
import { ChevronDown, ChevronUp, Download, Maximize, PanelLeft, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../ui';
import { isSingleCharacterKey, useSingleKeyShortcuts } from '../../../lib/shortcutPreference';
import { PdfCanvas, type PageSize } from './PdfCanvas';
import type { PdfFailure, PDFDocumentProxy } from './pdfLibrary';
import { fitScale, keyAction, steppedZoom, typedPage, zoomPercent, type Zoom } from './pdfNavigation';
import { PdfThumbnails } from './PdfThumbnails';
import { usePdfDocument, type PdfSource } from './usePdfDocument';
import styles from './Pdf.module.css';

/** Space kept around the page in the stage, in CSS pixels. */
const stageMargin = 16;

export interface PdfViewerProps {
  source: PdfSource;
  /** The file's name, for the page's accessible name. */
  name: string;
  onDownload: () => void;
  /** `overlay`: light on the media viewer's dark backdrop; `page`: the app's own colours (the public page). */
  tone: 'overlay' | 'page';
}

const failureKeys = {
  password: 'files.pdf.failed.password',
  invalid: 'files.pdf.failed.invalid',
  unavailable: 'files.pdf.failed.unavailable',
} as const satisfies Record<PdfFailure, string>;

/**
 * The in-app PDF preview: pdf.js draws the pages from the file's bytes (see pdfLibrary.ts), with page
 * thumbnails, page navigation, zoom, and the keys of keyAction.
 */
export function PdfViewer({ source, name, onDownload, tone }: PdfViewerProps) {
  const { t } = useTranslation();
  const { state, retry } = usePdfDocument(source);
  return (
    <section className={clsx(styles.viewer, tone === 'overlay' ? styles.toneOverlay : styles.tonePage)} aria-label={name}>
      {state.status === 'loading' && (
        <div className={styles.message}>
          <Spinner size={24} label={t('files.pdf.loading')} />
        </div>
      )}
      {state.status === 'failed' && (
        <div className={styles.message} role="alert">
          <p>{t(failureKeys[state.failure])}</p>
          <div className={styles.messageActions}>
            {state.failure === 'unavailable' && (
              <Button size="sm" onClick={retry}>
                {t('files.retry')}
              </Button>
            )}
            <Button size="sm" variant="primary" icon={<Download size={14} aria-hidden />} onClick={onDownload}>
              {t('files.actions.download')}
            </Button>
          </div>
        </div>
      )}
      {state.status === 'ready' && <PdfDocumentView document={state.document} />}
    </section>
  );
}

function useElementSize(element: HTMLElement | null): PageSize | null {
  const [size, setSize] = useState<PageSize | null>(null);
  useEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The page's size at scale 1, in PDF units; the first page's until the shown one is known. */
function usePageSize(document: PDFDocumentProxy, pageNumber: number): PageSize | null {
  const [size, setSize] = useState<PageSize | null>(null);
  useEffect(() => {
    let current = true;
    void document.getPage(pageNumber).then(
      (page) => {
        const viewport = page.getViewport({ scale: 1 });
        if (current) setSize({ width: viewport.width, height: viewport.height });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [document, pageNumber]);
  return size;
}

const wideScreen = () => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 720px)').matches;

function PdfDocumentView({ document }: { document: PDFDocumentProxy }) {
  const { t, i18n } = useTranslation();
  const pageCount = document.numPages;
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [showPages, setShowPages] = useState(() => pageCount > 1 && wideScreen());
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const stageSize = useElementSize(stage);
  const pageSize = usePageSize(document, page);
  const firstPageSize = usePageSize(document, 1);
  const scale = zoom === 'fit' ? (pageSize && stageSize ? fitScale(pageSize, stageSize, stageMargin) : null) : zoom;

  const goTo = (next: number) => {
    setPage(Math.min(Math.max(1, next), pageCount));
    stage?.scrollTo?.({ top: 0 });
  };
  const zoomBy = (direction: 'in' | 'out' | 'fit') =>
    setZoom(direction === 'fit' || scale === null ? 'fit' : steppedZoom(scale, direction));

  const singleKeyShortcuts = useSingleKeyShortcuts();
  // Keys anywhere on the page while the preview is open; not while typing in a field.
  const onPageKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    // + - 0 are single-key shortcuts (WCAG 2.1.4): the preference can turn them off; the page keys stay.
    if (isSingleCharacterKey(event.key) && !singleKeyShortcuts) return;
    const action = keyAction(event.key, page, pageCount);
    if (!action) return;
    event.preventDefault();
    if ('page' in action) goTo(action.page);
    else zoomBy(action.zoom);
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => onPageKey(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const aspect = firstPageSize ? firstPageSize.height / firstPageSize.width : Math.SQRT2;
  const percent = scale === null ? null : new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(zoomPercent(scale) / 100);
  return (
    <>
      <div className={styles.bar} role="toolbar" aria-label={t('files.pdf.controls')}>
        {pageCount > 1 && (
          <button
            type="button"
            className={styles.control}
            aria-pressed={showPages}
            aria-label={t('files.pdf.pages')}
            onClick={() => setShowPages((shown) => !shown)}
          >
            <PanelLeft size={16} aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={styles.control}
          aria-label={t('files.pdf.previousPage')}
          disabled={page <= 1}
          onClick={() => goTo(page - 1)}
        >
          <ChevronUp size={16} aria-hidden />
        </button>
        <PageField page={page} pageCount={pageCount} onPage={goTo} />
        <button
          type="button"
          className={styles.control}
          aria-label={t('files.pdf.nextPage')}
          disabled={page >= pageCount}
          onClick={() => goTo(page + 1)}
        >
          <ChevronDown size={16} aria-hidden />
        </button>
        <span className={styles.barSpacer} />
        <button
          type="button"
          className={styles.control}
          aria-label={t('files.pdf.zoomOut')}
          disabled={scale === null}
          onClick={() => zoomBy('out')}
        >
          <ZoomOut size={16} aria-hidden />
        </button>
        <output className={styles.zoomLevel} aria-label={t('files.pdf.zoom')}>
          {percent}
        </output>
        <button
          type="button"
          className={styles.control}
          aria-label={t('files.pdf.zoomIn')}
          disabled={scale === null}
          onClick={() => zoomBy('in')}
        >
          <ZoomIn size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={styles.control}
          aria-label={t('files.pdf.fit')}
          aria-pressed={zoom === 'fit'}
          onClick={() => zoomBy('fit')}
        >
          <Maximize size={16} aria-hidden />
        </button>
      </div>
      <div className={styles.body}>
        {showPages && <PdfThumbnails document={document} current={page} aspect={aspect} onSelect={goTo} />}
        <div ref={setStage} className={styles.stage}>
          {scale !== null && (
            <PdfCanvas
              document={document}
              pageNumber={page}
              size={{ scale }}
              className={styles.pageCanvas}
              label={t('files.pdf.page', { number: page, total: pageCount })}
            />
          )}
        </div>
      </div>
    </>
  );
}

/** "[ 3 ] of 12": type a page number and press Enter (or leave the field) to go there. */
function PageField({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    const number = typed === null ? null : typedPage(typed, pageCount);
    if (number !== null && number !== page) onPage(number);
    setTyped(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form className={styles.pageField} onSubmit={onSubmit}>
      <input
        className={styles.pageInput}
        aria-label={t('files.pdf.pageNumber')}
        inputMode="numeric"
        value={typed ?? String(page)}
        size={Math.max(2, String(pageCount).length)}
        onChange={(event) => setTyped(event.target.value)}
        onFocus={(event) => event.target.select()}
        onBlur={commit}
      />
      <span className={styles.pageCount}>{t('files.pdf.pageCount', { total: pageCount })}</span>
    </form>
  );
}

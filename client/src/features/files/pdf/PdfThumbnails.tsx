import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfCanvas } from './PdfCanvas';
import type { PDFDocumentProxy } from './pdfLibrary';
import styles from './Pdf.module.css';

const thumbnailWidth = 96;

interface ThumbnailProps {
  document: PDFDocumentProxy;
  pageNumber: number;
  current: boolean;
  /** Height over width of the first page, for the space a page takes before it is drawn. */
  aspect: number;
  onSelect: (pageNumber: number) => void;
}

/** A page's thumbnail, drawn once it scrolls into view so a long PDF does not draw every page at once. */
function Thumbnail({ document, pageNumber, current, aspect, onSelect }: ThumbnailProps) {
  const { t } = useTranslation();
  const itemRef = useRef<HTMLLIElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const item = itemRef.current;
    if (!item || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(item);
    return () => observer.disconnect();
  }, [seen]);

  useEffect(() => {
    if (current) itemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  return (
    <li ref={itemRef} className={styles.thumbnailItem}>
      <button
        type="button"
        className={styles.thumbnail}
        aria-current={current ? 'page' : undefined}
        aria-label={t('files.pdf.goToPage', { number: pageNumber })}
        onClick={() => onSelect(pageNumber)}
      >
        {seen ? (
          <PdfCanvas document={document} pageNumber={pageNumber} size={{ width: thumbnailWidth }} className={styles.thumbnailCanvas} />
        ) : (
          <span className={styles.thumbnailPlaceholder} style={{ width: thumbnailWidth, height: Math.round(thumbnailWidth * aspect) }} />
        )}
        <span className={styles.thumbnailNumber} aria-hidden>
          {pageNumber}
        </span>
      </button>
    </li>
  );
}

export function PdfThumbnails({
  document,
  current,
  aspect,
  onSelect,
}: Omit<ThumbnailProps, 'pageNumber' | 'current'> & { current: number }) {
  const { t } = useTranslation();
  const pages = Array.from({ length: document.numPages }, (_, index) => index + 1);
  return (
    <nav className={styles.thumbnails} aria-label={t('files.pdf.pages')}>
      <ol className={styles.thumbnailList}>
        {pages.map((pageNumber) => (
          <Thumbnail
            key={pageNumber}
            document={document}
            pageNumber={pageNumber}
            current={pageNumber === current}
            aspect={aspect}
            onSelect={onSelect}
          />
        ))}
      </ol>
    </nav>
  );
}

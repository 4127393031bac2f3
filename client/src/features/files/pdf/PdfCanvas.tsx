import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdfLibrary';

/** Largest canvas drawn, in device pixels: a page zoomed far on a dense screen is drawn a little softer instead. */
const maximumCanvasPixels = 16_000_000;

export interface PageSize {
  width: number;
  height: number;
}

interface PdfCanvasProps {
  document: PDFDocumentProxy;
  pageNumber: number;
  /** How large: CSS pixels per PDF unit, or a width in CSS pixels (thumbnails). */
  size: { scale: number } | { width: number };
  className?: string;
  /** The accessible name of the drawn page; none for a decorative thumbnail. */
  label?: string;
}

/**
 * One page drawn by pdf.js onto a canvas at `scale`, sharp on dense screens. A new page or scale
 * cancels the drawing under way. `aria-busy` tells (people and tests) that the page is still drawing.
 */
export function PdfCanvas({ document, pageNumber, size: requested, className, label }: PdfCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<{ page: number; key: string } | null>(null);
  const [size, setSize] = useState<PageSize | null>(null);
  // `requested` is a new object on every render: the effect follows the numbers in it.
  const requestedScale = 'scale' in requested ? requested.scale : null;
  const requestedWidth = 'width' in requested ? requested.width : null;
  const key = requestedScale !== null ? `scale:${requestedScale}` : `width:${requestedWidth}`;

  useEffect(() => {
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    void document.getPage(pageNumber).then(
      (page) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const scale = requestedScale ?? (requestedWidth ?? 0) / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale });
        const density = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(maximumCanvasPixels / Math.max(1, viewport.width * viewport.height)),
        );
        canvas.width = Math.max(1, Math.floor(viewport.width * density));
        canvas.height = Math.max(1, Math.floor(viewport.height * density));
        setSize({ width: viewport.width, height: viewport.height });
        const task = page.render({ canvas, viewport, transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0] });
        cancelRender = () => task.cancel();
        task.promise.then(
          () => !cancelled && setDrawn({ page: pageNumber, key }),
          // Cancelled by a newer drawing, or a page pdf.js cannot draw: the canvas stays as it is.
          () => undefined,
        );
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [document, pageNumber, requestedScale, requestedWidth, key]);

  const busy = drawn?.page !== pageNumber || drawn.key !== key;
  return (
    <canvas
      ref={canvasRef}
      className={className}
      style={size ? { width: `${size.width}px`, height: `${size.height}px` } : undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      aria-busy={busy}
    />
  );
}

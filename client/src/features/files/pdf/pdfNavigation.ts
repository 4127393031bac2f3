/** Zoom and keyboard rules of the PDF preview, apart from React so they are tested on their own. */
import type { PageSize } from './PdfCanvas';

/** 100% shows a page at its printed size: a PDF unit is 1/72 inch, a CSS pixel 1/96 inch. */
export const cssPixelsPerUnit = 96 / 72;

/** Zoom steps, as fractions of the printed size. */
export const zoomSteps = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export type Zoom = 'fit' | number;

/** The scale that shows the whole page inside the stage, never larger than twice its printed size. */
export function fitScale(page: PageSize, stage: PageSize, margin: number): number {
  const width = Math.max(1, stage.width - 2 * margin);
  const height = Math.max(1, stage.height - 2 * margin);
  return Math.min(width / page.width, height / page.height, 2 * cssPixelsPerUnit);
}

/** The next zoom step above (or below) the scale now shown, as a scale. */
export function steppedZoom(scale: number, direction: 'in' | 'out'): number {
  const relative = scale / cssPixelsPerUnit;
  const tolerance = 0.01;
  const step =
    direction === 'in'
      ? (zoomSteps.find((candidate) => candidate > relative + tolerance) ?? zoomSteps.at(-1)!)
      : ([...zoomSteps].reverse().find((candidate) => candidate < relative - tolerance) ?? zoomSteps[0]);
  return step * cssPixelsPerUnit;
}

export const zoomPercent = (scale: number) => Math.round((scale / cssPixelsPerUnit) * 100);

export type KeyAction = { page: number } | { zoom: 'in' | 'out' | 'fit' } | null;

/** What a key does: left and right arrows, PageUp and PageDown turn pages, Home and End go to the ends, + - 0 zoom. */
export function keyAction(key: string, page: number, pageCount: number): KeyAction {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return page > 1 ? { page: page - 1 } : null;
    case 'ArrowRight':
    case 'PageDown':
      return page < pageCount ? { page: page + 1 } : null;
    case 'Home':
      return page > 1 ? { page: 1 } : null;
    case 'End':
      return page < pageCount ? { page: pageCount } : null;
    case '+':
    case '=':
      return { zoom: 'in' };
    case '-':
      return { zoom: 'out' };
    case '0':
      return { zoom: 'fit' };
    default:
      return null;
  }
}

/** A page number typed into the page field, kept within the document; null when it is not a number. */
export function typedPage(value: string, pageCount: number): number | null {
  const number = Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(number)) return null;
  return Math.min(Math.max(1, number), pageCount);
}

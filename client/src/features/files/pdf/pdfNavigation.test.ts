import { describe, expect, it } from 'vitest';
import { cssPixelsPerUnit, fitScale, keyAction, steppedZoom, typedPage, zoomPercent } from './pdfNavigation';

const a4 = { width: 595, height: 842 };

describe('PDF preview rules', () => {
  it('fits the whole page in the stage, within a margin, and never beyond twice its printed size', () => {
    expect(fitScale(a4, { width: 1000, height: 874 }, 16)).toBeCloseTo(842 / 842);
    expect(fitScale(a4, { width: 327, height: 2000 }, 16)).toBeCloseTo(295 / 595);
    expect(fitScale({ width: 100, height: 100 }, { width: 4000, height: 4000 }, 0)).toBeCloseTo(2 * cssPixelsPerUnit);
  });

  it('zooms by steps from whatever scale is shown, and stops at the ends', () => {
    expect(zoomPercent(steppedZoom(0.9 * cssPixelsPerUnit, 'in'))).toBe(100);
    expect(zoomPercent(steppedZoom(cssPixelsPerUnit, 'in'))).toBe(125);
    expect(zoomPercent(steppedZoom(cssPixelsPerUnit, 'out'))).toBe(75);
    expect(zoomPercent(steppedZoom(4 * cssPixelsPerUnit, 'in'))).toBe(400);
    expect(zoomPercent(steppedZoom(0.25 * cssPixelsPerUnit, 'out'))).toBe(25);
  });

  it('turns pages with the arrows and PageUp/PageDown, jumps with Home/End, zooms with + - 0, and ignores other keys', () => {
    expect(keyAction('ArrowRight', 1, 3)).toEqual({ page: 2 });
    expect(keyAction('PageDown', 2, 3)).toEqual({ page: 3 });
    expect(keyAction('PageDown', 3, 3)).toBeNull();
    expect(keyAction('ArrowLeft', 2, 3)).toEqual({ page: 1 });
    expect(keyAction('PageUp', 1, 3)).toBeNull();
    expect(keyAction('End', 1, 3)).toEqual({ page: 3 });
    expect(keyAction('Home', 3, 3)).toEqual({ page: 1 });
    expect(keyAction('+', 1, 3)).toEqual({ zoom: 'in' });
    expect(keyAction('-', 1, 3)).toEqual({ zoom: 'out' });
    expect(keyAction('0', 1, 3)).toEqual({ zoom: 'fit' });
    expect(keyAction('a', 1, 3)).toBeNull();
  });

  it('keeps a typed page number within the document', () => {
    expect(typedPage(' 2 ', 5)).toBe(2);
    expect(typedPage('99', 5)).toBe(5);
    expect(typedPage('0', 5)).toBe(1);
    expect(typedPage('two', 5)).toBeNull();
  });
});

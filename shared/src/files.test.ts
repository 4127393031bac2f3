import { describe, it, expect } from 'vitest';
import { fileKindFromMimeType, formatBytes, gigabyte, kilobyte, megabyte, terabyte } from './files';

describe('SPEC §5 file kind from mime type', () => {
  it.each([
    ['image/png', 'image'],
    ['image/svg+xml', 'image'],
    ['video/mp4', 'video'],
    ['application/pdf', 'Pdf'],
    ['application/msword', 'Word'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word'],
    ['application/vnd.ms-word.document.macroEnabled.12', 'Word'],
    ['application/vnd.oasis.opendocument.text', 'Word'],
    ['application/vnd.ms-excel', 'Xls'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Xls'],
    ['application/vnd.ms-excel.sheet.macroEnabled.12', 'Xls'],
    ['application/vnd.oasis.opendocument.spreadsheet', 'Xls'],
    ['text/csv', 'Xls'],
    ['application/xml', 'Xls'],
    ['text/xml', 'Xls'],
    ['application/zip', 'unknown'],
    ['text/plain', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (mimeType, kind) => {
    expect(fileKindFromMimeType(mimeType)).toBe(kind);
  });

  it('keeps SPEC casing of kinds', () => {
    expect(fileKindFromMimeType('application/pdf')).toBe('Pdf');
    expect(fileKindFromMimeType('application/pdf')).not.toBe('pdf');
  });

  it('ignores case and parameters of the mime type', () => {
    expect(fileKindFromMimeType('Image/JPEG')).toBe('image');
    expect(fileKindFromMimeType('text/csv; charset=utf-8')).toBe('Xls');
  });

  it('treats a missing mime type as unknown', () => {
    expect(fileKindFromMimeType(null)).toBe('unknown');
    expect(fileKindFromMimeType(undefined)).toBe('unknown');
  });
});

describe('SPEC §5 file sizes in base 1024', () => {
  it('defines units as powers of 1024', () => {
    expect([kilobyte, megabyte, gigabyte, terabyte]).toEqual([1024, 1024 ** 2, 1024 ** 3, 1024 ** 4]);
  });

  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1000, '1000 B'],
    [100 * megabyte, '100 MB'],
    [1.25 * gigabyte, '1.3 GB'],
    [2 * terabyte, '2 TB'],
    [2048 * terabyte, '2048 TB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('moves up a unit instead of printing 1024 of the smaller one', () => {
    expect(formatBytes(megabyte - 1)).toBe('1 MB');
    expect(formatBytes(megabyte - 60)).toBe('1023.9 KB');
  });

  it('rounds fractional bytes to whole bytes', () => {
    expect(formatBytes(10.6)).toBe('11 B');
  });

  it('uses the decimal separator of the locale', () => {
    expect(formatBytes(1536, 'fr')).toBe('1,5 KB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });

  it('refuses negative and non-finite sizes', () => {
    expect(() => formatBytes(-1)).toThrow(RangeError);
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
    expect(() => formatBytes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

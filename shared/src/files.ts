/** SPEC §5: sizes are base 1024 everywhere (quotas, limits and display). */
export const kilobyte = 1024;
export const megabyte = 1024 * kilobyte;
export const gigabyte = 1024 * megabyte;
export const terabyte = 1024 * gigabyte;

/** SPEC §5 file kinds, with SPEC's exact casing: stored and compared as these strings. */
export const fileKinds = ['image', 'video', 'Pdf', 'Word', 'Xls', 'unknown'] as const;
export type FileKind = (typeof fileKinds)[number];

const wordMimeTypes = new Set(['application/msword', 'application/rtf', 'application/vnd.oasis.opendocument.text']);

// SPEC says "Xls (xml)": besides the Excel and OpenDocument types, plain XML is counted as a
// spreadsheet because Excel's XML Spreadsheet 2003 files are served as application/xml or text/xml.
const spreadsheetMimeTypes = new Set([
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
  'application/xml',
  'text/xml',
]);

/**
 * The kind of a file from its mime type. Case and parameters (`; charset=...`) are ignored;
 * a missing or unrecognised type is "unknown".
 */
export function fileKindFromMimeType(mimeType: string | null | undefined): FileKind {
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'Pdf';
  if (
    wordMimeTypes.has(type) ||
    type.startsWith('application/vnd.openxmlformats-officedocument.wordprocessingml.') ||
    type.startsWith('application/vnd.ms-word.')
  ) {
    return 'Word';
  }
  if (
    spreadsheetMimeTypes.has(type) ||
    type.startsWith('application/vnd.openxmlformats-officedocument.spreadsheetml.') ||
    type.startsWith('application/vnd.ms-excel.')
  ) {
    return 'Xls';
  }
  return 'unknown';
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count for people, base 1024: "0 B", "1023 B", "1.5 KB", "100 MB".
 * At most one decimal, dropped when zero; the number follows `locale` ("1,5 KB" in French)
 * while unit symbols stay the same in every language. Throws on negative or non-finite input,
 * which can only be a bug upstream.
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`formatBytes needs a size in bytes, got ${bytes}`);
  let unitIndex = 0;
  let value = bytes;
  while (value >= 1024 && unitIndex < byteUnits.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  const decimals = unitIndex === 0 ? 0 : 1;
  let rounded = roundTo(value, decimals);
  // 1048575 bytes is 1023.999 KB: rounding would print "1024 KB", so move up a unit instead.
  if (rounded >= 1024 && unitIndex < byteUnits.length - 1) {
    rounded = roundTo(rounded / 1024, 1);
    unitIndex += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(rounded);
  return `${number} ${byteUnits[unitIndex]}`;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

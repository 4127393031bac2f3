import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('Ada, Grace')).toBe('"Ada, Grace"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(3.5)).toBe('3.5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-2)).toBe('-2');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['week', 'finished'], [['2026-03-02', 4]])).toBe('week,finished\r\n2026-03-02,4\r\n');
  });
});

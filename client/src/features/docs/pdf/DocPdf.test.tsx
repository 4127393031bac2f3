// @vitest-environment node
import { spawn } from 'node:child_process';
import { renderToBuffer } from '@react-pdf/renderer';
import { describe, expect, it } from 'vitest';
import { DocPdf, pdfTitle, type PdfNode } from './DocPdf';
import { pdfText } from './pdfText';

const redPixels =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==';

const text = (value: string, marks?: PdfNode['marks']): PdfNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: PdfNode[]): PdfNode => ({ type: 'paragraph', content });
const item = (type: string, value: string, attrs?: Record<string, unknown>): PdfNode => ({
  type,
  ...(attrs ? { attrs } : {}),
  content: [paragraph(text(value))],
});
const cell = (type: string, value: string): PdfNode => ({ type, content: [paragraph(text(value))] });

/** A doc with every block type the editor makes, in the order its text must come out. */
const everyBlock: PdfNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Launch plan')] },
    paragraph(
      text('Plain start, '),
      text('bold words', [{ type: 'bold' }]),
      text(', '),
      text('italic words', [{ type: 'italic' }]),
      text(', '),
      text('inline code', [{ type: 'code' }]),
      text(' and '),
      text('a safe link', [{ type: 'link', attrs: { href: 'https://example.com' } }]),
      text('.'),
    ),
    { type: 'heading', attrs: { level: 2 }, content: [text('Second level heading')] },
    { type: 'bulletList', content: [item('listItem', 'First bullet'), item('listItem', 'Second bullet')] },
    { type: 'orderedList', attrs: { start: 1 }, content: [item('listItem', 'Step one'), item('listItem', 'Step two')] },
    { type: 'taskList', content: [item('taskItem', 'Done task', { checked: true }), item('taskItem', 'Open task', { checked: false })] },
    { type: 'blockquote', content: [paragraph(text('A quoted line'))] },
    { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const answer = 42;\nreturn answer;')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Third level heading')] },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Owner'), cell('tableHeader', 'Status')] },
        { type: 'tableRow', content: [cell('tableCell', 'Ada'), cell('tableCell', 'Ready')] },
      ],
    },
    { type: 'image', attrs: { src: '/media/files/abc/original', alt: 'A red square' } },
    { type: 'horizontalRule' },
    paragraph(
      text('Mentioning '),
      { type: 'mention', attrs: { id: 'u1', label: 'Ada Lovelace', mentionSuggestionChar: '@' } },
      text(' about déjà vu 🚀 in Zürich.'),
    ),
  ],
};

function pdfToText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-enc', 'UTF-8', '-', '-']);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`pdftotext exited with ${code}: ${errors}`))));
    child.stdin.end(pdf);
  });
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

describe('doc to PDF', () => {
  it('writes the title and the text of every block type, in the order of the doc', async () => {
    const images = new Map([['/media/files/abc/original', redPixels]]);
    const pdf = await renderToBuffer(<DocPdf title="Quarterly roadmap" emoji="🚀" content={everyBlock} images={images} />);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const extracted = squash(await pdfToText(pdf));
    const expected = [
      'Quarterly roadmap',
      'Launch plan',
      'Plain start, bold words, italic words, inline code and a safe link.',
      'Second level heading',
      '• First bullet',
      '• Second bullet',
      '1. Step one',
      '2. Step two',
      '[x] Done task',
      '[ ] Open task',
      'A quoted line',
      'const answer = 42;',
      'return answer;',
      'Third level heading',
      'Owner',
      'Status',
      'Ada',
      'Ready',
      'Mentioning @Ada Lovelace about déjà vu in Zürich.',
    ];
    let from = 0;
    for (const line of expected) {
      const at = extracted.indexOf(line, from);
      expect(at, `"${line}" after position ${from} in: ${extracted}`).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
  });

  it('leaves out images it has no data for, and links that are not http(s) or mailto', async () => {
    const content: PdfNode = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: '/media/files/missing/original' } },
        paragraph(text('click me', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
      ],
    };
    const pdf = await renderToBuffer(<DocPdf title="Plain" emoji={null} content={content} />);
    expect(pdf.toString('latin1')).not.toContain('javascript:');
    expect(squash(await pdfToText(pdf))).toContain('click me');
  });
});

describe('text the standard PDF fonts can draw', () => {
  it('drops emoji, keeps Western European letters and typography, folds or replaces the rest', () => {
    expect(pdfText('Ship it 🚀👩🏽‍💻 now')).toBe('Ship it  now');
    expect(pdfText('Déjà vu – “quoted” … © ™ €')).toBe('Déjà vu – “quoted” … © ™ €');
    expect(pdfText('Łódź ő')).toBe('?ódz o');
    expect(pdfText('日本')).toBe('??');
    expect(pdfText('a\tb')).toBe('a    b');
  });

  it('puts the emoji before the title, dropping it when the font has no glyph', () => {
    expect(pdfTitle('Roadmap', '🗺️')).toBe('Roadmap');
    expect(pdfTitle('Roadmap', null)).toBe('Roadmap');
  });
});

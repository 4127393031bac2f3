import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { imageSourcesOf, plainTextOf } from './plainText';

function element(name: string, children: (Y.XmlElement | Y.XmlText)[], attributes: Record<string, string> = {}): Y.XmlElement {
  const node = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.insert(0, children);
  return node;
}

const text = (value: string, bold = false) => {
  const node = new Y.XmlText();
  node.insert(0, value, bold ? { bold: true } : {});
  return node;
};

describe('plainTextOf', () => {
  it('gives one line per block of the Tiptap fragment, through lists, quotes and tables, with mentions', () => {
    const doc = new Y.Doc();
    doc
      .getXmlFragment('default')
      .insert(0, [
        element('heading', [text('Plan')], { level: '1' }),
        element('paragraph', [text('Ship '), text('docs', true), text(' with '), element('mention', [], { id: 'u1', label: 'Ada' })]),
        element('bulletList', [
          element('listItem', [element('paragraph', [text('first')])]),
          element('listItem', [element('paragraph', [text('second')])]),
        ]),
        element('blockquote', [element('paragraph', [text('quoted')])]),
        element('paragraph', []),
        element('image', [], { src: '/media/files/0123456789abcdef01234567' }),
        element('table', [element('tableRow', [element('tableCell', [element('paragraph', [text('cell')])])])]),
        element('codeBlock', [text('const a = 1;')]),
      ]);
    expect(plainTextOf(doc)).toBe(['Plan', 'Ship docs with @Ada', 'first', 'second', 'quoted', 'cell', 'const a = 1;'].join('\n'));
    expect([...imageSourcesOf(doc)]).toEqual(['/media/files/0123456789abcdef01234567']);
  });

  it('is empty for a new doc and ignores other fragments', () => {
    const doc = new Y.Doc();
    doc.getXmlFragment('other').insert(0, [element('paragraph', [text('elsewhere')])]);
    expect(plainTextOf(doc)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanDescription, plainText } from './description';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: unknown[]) => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });

describe('task descriptions (Tiptap JSON)', () => {
  it('keeps the allowed nodes, marks and attributes', () => {
    const given = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Plan')] },
      {
        type: 'taskList',
        content: [
          {
            type: 'taskItem',
            attrs: { checked: true },
            content: [paragraph(text('Done', [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com' } }]))],
          },
        ],
      },
      { type: 'image', attrs: { src: '/media/covers/ocean.2fe134b72a.svg', alt: 'Sea' } },
    );
    expect(cleanDescription(given)).toEqual(given);
  });

  it('turns plain text into paragraphs, and empty content into no description', () => {
    expect(cleanDescription('One\n\nTwo')).toEqual(doc(paragraph(text('One')), { type: 'paragraph' }, paragraph(text('Two'))));
    expect(cleanDescription('   ')).toBeNull();
    expect(cleanDescription(doc())).toBeNull();
    expect(cleanDescription(null)).toBeNull();
  });

  it('drops unknown attributes and marks, script links and images from other servers', () => {
    const given = doc(
      {
        type: 'paragraph',
        attrs: { style: 'x', textAlign: 'center' },
        content: [
          text('a', [
            { type: 'link', attrs: { href: 'javascript:alert(1)' } },
            { type: 'blink' },
            { type: 'italic', attrs: { onmouseover: 'x' } },
          ]),
        ],
      },
      { type: 'image', attrs: { src: 'http://tracker.example/p.gif' } },
    );
    expect(cleanDescription(given)).toEqual(
      doc({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('a', [{ type: 'italic' }])] }),
    );
  });

  it('refuses unknown node types, a root that is not a doc, and oversized or too deep trees', () => {
    const refused = (given: unknown) =>
      expect(() => cleanDescription(given)).toThrowError(
        expect.objectContaining({ code: expect.stringMatching(/^DESCRIPTION_/), field: 'description' }) as unknown as Error,
      );
    refused(doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }));
    refused(paragraph(text('x')));
    refused(doc(paragraph({ type: 'text', text: '' })));
    refused(doc(paragraph(text('x'.repeat(250_000)))));
    let deep: unknown = text('bottom');
    for (let level = 0; level < 40; level += 1) deep = { type: 'blockquote', content: [deep] };
    refused(doc(deep));
  });

  it('reads the words of a description', () => {
    expect(
      plainText(
        cleanDescription(doc(paragraph(text('Hello '), { type: 'mention', attrs: { id: 'u', label: 'Ann' } }), paragraph(text('Bye')))),
      ),
    ).toBe('Hello @Ann\nBye');
  });
});

// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { descriptionExtensions, isAllowedLinkUri, normalizeHref, sameDescription, storedDescription } from './description';
import type { RichNode } from './operations';

const editors: Editor[] = [];
function open(content: RichNode | null): Editor {
  const editor = new Editor({ extensions: descriptionExtensions('Add a description…'), content: content ?? '', enableContentCheck: true });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

const text = (value: string, marks?: RichNode['marks']): RichNode =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: RichNode[]): RichNode => (content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' });

describe('rich descriptions in the editor', () => {
  it('opens every node and mark the server accepts and writes the same tree back', () => {
    const doc: RichNode = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [text('Plan')] },
        paragraph(
          text('bold', [{ type: 'bold' }]),
          text(' '),
          text('it', [{ type: 'italic' }]),
          text(' '),
          text('x()', [{ type: 'code' }]),
          text(' '),
          text('struck', [{ type: 'strike' }]),
          text(' '),
          text('under', [{ type: 'underline' }]),
          text(' '),
          text('marked', [{ type: 'highlight', attrs: { color: '#fde047' } }]),
          text(' '),
          text('red', [{ type: 'textStyle', attrs: { color: 'red' } }]),
          text(' '),
          text('site', [{ type: 'link', attrs: { href: 'https://example.com' } }]),
          { type: 'hardBreak' },
          { type: 'mention', attrs: { id: 'u1', label: 'Ada' } },
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('three'))] }] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [paragraph(text('done'))] }] },
        { type: 'blockquote', content: [paragraph(text('quoted'))] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1;')] },
        { type: 'horizontalRule' },
        { type: 'image', attrs: { src: '/media/cover.jpg', alt: 'Cover' } },
        paragraph(),
      ],
    };
    const editor = open(doc);
    expect(storedDescription(editor.getJSON())).toEqual(doc);
  });

  it('stores an empty editor as no description, and keeps blank lines between paragraphs', () => {
    expect(storedDescription(open(null).getJSON())).toBeNull();
    const spaced: RichNode = { type: 'doc', content: [paragraph(text('First')), paragraph(), paragraph(text('Third'))] };
    expect(storedDescription(open(spaced).getJSON())).toEqual(spaced);
  });

  it('says whether two descriptions are the same', () => {
    const doc: RichNode = { type: 'doc', content: [paragraph(text('a'))] };
    expect(sameDescription(doc, { type: 'doc', content: [paragraph(text('a'))] })).toBe(true);
    expect(sameDescription(doc, null)).toBe(false);
    expect(sameDescription(null, null)).toBe(true);
  });
});

describe('links', () => {
  it('allows only http(s) and mailto targets, and whatever autolink will prefix with https', () => {
    expect(isAllowedLinkUri('https://example.com')).toBe(true);
    expect(isAllowedLinkUri('mailto:ada@example.com')).toBe(true);
    expect(isAllowedLinkUri('example.com')).toBe(true);
    expect(isAllowedLinkUri('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkUri('data:text/html,hi')).toBe(false);
    expect(isAllowedLinkUri('ftp://example.com')).toBe(false);
    expect(isAllowedLinkUri('tel:123')).toBe(false);
  });

  it('makes a typed address absolute and refuses other schemes', () => {
    expect(normalizeHref(' example.com/page ')).toBe('https://example.com/page');
    expect(normalizeHref('ada@example.com')).toBe('mailto:ada@example.com');
    expect(normalizeHref('http://example.com')).toBe('http://example.com');
    expect(normalizeHref('javascript:alert(1)')).toBeNull();
    expect(normalizeHref('//evil.example')).toBeNull();
    expect(normalizeHref('')).toBeNull();
  });

  it('never renders or stores a disallowed link, and opens allowed ones safely in a new tab', () => {
    const editor = open({
      type: 'doc',
      content: [
        paragraph(
          text('bad', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
          text(' '),
          text('good', [{ type: 'link', attrs: { href: 'https://example.com' } }]),
        ),
      ],
    });
    const links = [...editor.view.dom.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('javascript:alert(1)');
    const good = links.find((link) => link.getAttribute('href') === 'https://example.com');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(good?.getAttribute('target')).toBe('_blank');
    expect(storedDescription(editor.getJSON())).toEqual({
      type: 'doc',
      content: [paragraph(text('bad'), text(' '), text('good', [{ type: 'link', attrs: { href: 'https://example.com' } }]))],
    });
  });

  it('autolinks a typed web address but not another scheme', () => {
    const editor = open(null);
    editor.commands.focus();
    editor.commands.insertContent('see example.com ');
    editor.commands.insertContent('and javascript:alert(1) ');
    const json = JSON.stringify(storedDescription(editor.getJSON()));
    expect(json).toContain('"href":"https://example.com"');
    expect(json).not.toContain('javascript:alert(1)"}');
  });
});

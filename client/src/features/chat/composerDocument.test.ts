import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { bodyOf, documentOf, mentionLabel, offsetAt, positionAt } from './composerDocument';
import { composerExtensions } from './composerExtensions';

const schema = getSchema(composerExtensions({ chipClassName: 'chip', placeholder: () => '' }));
const doc = (body: string) => schema.nodeFromJSON(documentOf(body));

describe('composer document', () => {
  it('turns a body into lines and chips and back, unchanged', () => {
    for (const body of [
      '',
      'plain',
      'Hi @[Grace Hopper](u2) and @[Alan](u3)',
      'two\nlines\n\nwith a gap',
      '@[Grace](u2)',
      '**bold** `code` [link](https://x.y)',
    ]) {
      expect(bodyOf(doc(body))).toBe(body);
    }
    const parsed = doc('Hi @[Grace Hopper](u2)!');
    expect(parsed.firstChild?.childCount).toBe(3);
    expect(parsed.firstChild?.child(1).type.name).toBe('mention');
    expect(parsed.firstChild?.child(1).attrs).toEqual({ id: 'u2', label: 'Grace Hopper' });
  });

  it('keeps text that only looks like a mention as text', () => {
    const parsed = doc('@[Nobody](not an id) and @[](u2)');
    expect(parsed.firstChild?.childCount).toBe(1);
  });

  it('maps body offsets and document positions onto each other around chips and line breaks', () => {
    const body = 'hi @[Grace](u2) x\nnext';
    const parsed = doc(body);
    // Positions: paragraph content from 1; "hi " 1-4, the chip 4-5, " x" 5-7; the second line's content from 9.
    expect(positionAt(parsed, 0)).toBe(1);
    expect(positionAt(parsed, 3)).toBe(4);
    expect(positionAt(parsed, 8)).toBe(5);
    expect(positionAt(parsed, body.indexOf(' x'))).toBe(5);
    expect(positionAt(parsed, body.indexOf('\n'))).toBe(7);
    expect(positionAt(parsed, body.indexOf('next'))).toBe(9);
    expect(positionAt(parsed, body.length)).toBe(13);
    expect(offsetAt(parsed, 1)).toBe(0);
    expect(offsetAt(parsed, 4)).toBe(3);
    expect(offsetAt(parsed, 5)).toBe(body.indexOf(' x'));
    expect(offsetAt(parsed, 9)).toBe(body.indexOf('next'));
    expect(offsetAt(parsed, 13)).toBe(body.length);
  });

  it('names a chip without the brackets that would end its token', () => {
    expect(mentionLabel({ id: 'u2', name: 'Grace [Admiral] Hopper' })).toBe('Grace Admiral Hopper');
    expect(mentionLabel({ id: 'u2', name: ' [] ' })).toBe('u2');
  });
});

import { describe, expect, it } from 'vitest';
import { descriptionText } from './searchSource';

describe('descriptionText', () => {
  it('reads a Tiptap tree as the tasks area does: blocks on lines, marks joined, mentions as @label', () => {
    const tree = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Dep' },
            { type: 'text', text: 'loy', marks: [{ type: 'bold' }] },
          ],
        },
        {
          type: 'paragraph',
          content: [{ type: 'mention', attrs: { label: 'Ada' } }, { type: 'hardBreak' }, { type: 'text', text: 'now' }],
        },
      ],
    };
    expect(descriptionText(tree)).toBe('Deploy\n@Ada\nnow');
    expect(descriptionText(null)).toBe('');
    expect(descriptionText('plain words')).toBe('plain words');
    expect(descriptionText({ type: 'doc', content: 'not a list' })).toBe('');
  });
});

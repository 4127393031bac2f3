import { describe, expect, it } from 'vitest';
import { descriptionToText, textToDescription } from './description';

describe('plain-text editing of rich descriptions', () => {
  it('writes one paragraph per line and nothing for blank text', () => {
    expect(textToDescription('First\n\nThird')).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First' }] }, { type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'text', text: 'Third' }] }],
    });
    expect(textToDescription('  \n ')).toBeNull();
  });

  it('reads what it writes back unchanged', () => {
    expect(descriptionToText(textToDescription('a\n\nb'))).toBe('a\n\nb');
    expect(descriptionToText(null)).toBe('');
  });

  it('flattens headings, marks, breaks, mentions and lists to lines', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'bold', marks: [{ type: 'bold' }] }, { type: 'hardBreak' }, { type: 'mention', attrs: { label: 'Ada' } }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }] },
      ],
    };
    expect(descriptionToText(doc)).toBe('Plan\nbold\n@Ada\n- one');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isTypingTarget, nextFocus } from './keyboardNav';

const board = [['a1', 'a2', 'a3'], [], ['c1']];

describe('keyboard focus through cards', () => {
  it('starts at the first card', () => {
    expect(nextFocus(board, null, 'down')).toBe('a1');
    expect(nextFocus(board, 'gone', 'up')).toBe('a1');
    expect(nextFocus([[], []], null, 'down')).toBeNull();
  });

  it('moves up and down within a column and stops at its ends', () => {
    expect(nextFocus(board, 'a1', 'down')).toBe('a2');
    expect(nextFocus(board, 'a3', 'down')).toBe('a3');
    expect(nextFocus(board, 'a1', 'up')).toBe('a1');
  });

  it('jumps left and right over empty columns, keeping the height when it can', () => {
    expect(nextFocus(board, 'a3', 'right')).toBe('c1');
    expect(nextFocus(board, 'c1', 'left')).toBe('a1');
    expect(nextFocus(board, 'c1', 'right')).toBe('c1');
  });
});

describe('typing targets', () => {
  it('leaves fields and editors alone but not buttons', () => {
    const text = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(box)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(editor)).toBe(editor.isContentEditable);
  });
});

/** Test helpers for the composer's editor (happy-dom): typing where its caret is, and reading the body it shows. */
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor, TiptapEditorHTMLElement } from '@tiptap/core';
import { expect } from 'vitest';

export function editorOf(textbox: HTMLElement): Editor {
  const { editor } = textbox as TiptapEditorHTMLElement;
  if (!editor) throw new Error('the composer has no editor');
  return editor;
}

/**
 * Types as a person would, from where the editor's caret is (happy-dom's own click would put the
 * DOM caret outside the editor's first line).
 */
export async function typeIn(textbox: HTMLElement, text: string, at: 'start' | 'end' = 'end') {
  await focusAt(textbox, at);
  await userEvent.keyboard(text);
}

/** Tiptap moves the DOM focus on the next animation frame. */
export async function focusAt(textbox: HTMLElement, at: 'start' | 'end') {
  act(() => editorOf(textbox).commands.focus(at));
  await waitFor(() => expect(document.activeElement).toBe(textbox));
}

/** The body the editor shows, read from its DOM: one paragraph per line, chips as the tokens they stand for. */
export function bodyIn(textbox: HTMLElement): string {
  return [...textbox.querySelectorAll('p')]
    .map((line) =>
      [...line.childNodes]
        .map((node) => {
          if (node instanceof HTMLElement && node.dataset.mention) return `@[${node.dataset.label}](${node.dataset.mention})`;
          return node.textContent ?? '';
        })
        .join(''),
    )
    .join('\n');
}

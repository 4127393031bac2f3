// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import en from '../../../../../locales/en/translation.json';
import { filterSlashItems, slashItems, type SlashItemId } from './slashItems';

const titleOf = (id: SlashItemId) => (id === 'ai' ? en.ai.writing.slash : en.docs.slash[id]);
let editor: Editor | null = null;

/** A headless editor holding "/" typed at the start of an empty paragraph. */
function editorWithSlash() {
  editor = new Editor({
    extensions: [StarterKit, TaskList, TaskItem, Table, TableRow, TableHeader, TableCell, Image],
    content: '<p>/</p>',
  });
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('slash menu items', () => {
  it('offers every block type, in menu order, for an empty query', () => {
    expect(filterSlashItems('', titleOf).map((item) => item.id)).toEqual([
      'text',
      'heading1',
      'heading2',
      'heading3',
      'bulletList',
      'orderedList',
      'taskList',
      'quote',
      'codeBlock',
      'table',
      'divider',
      'image',
      'ai',
    ]);
  });

  it('finds items by their translated title or by English keywords, ignoring case and accents', () => {
    expect(filterSlashItems('head', titleOf).map((item) => item.id)).toEqual(['heading1', 'heading2', 'heading3']);
    expect(filterSlashItems('TODO', titleOf).map((item) => item.id)).toEqual(['taskList']);
    expect(filterSlashItems('titulo', (id) => (id === 'heading1' ? 'Título 1' : id)).map((item) => item.id)).toEqual(['heading1']);
    expect(filterSlashItems('zzz', titleOf)).toEqual([]);
  });

  it('puts the item named exactly by the query first: "/ai" opens the AI writing tools before "plain text"', () => {
    expect(filterSlashItems('ai', titleOf).map((item) => item.id)).toEqual(['ai', 'text']);
  });

  it.each([
    ['heading1', 'heading'],
    ['heading2', 'heading'],
    ['bulletList', 'bulletList'],
    ['orderedList', 'orderedList'],
    ['taskList', 'taskList'],
    ['quote', 'blockquote'],
    ['codeBlock', 'codeBlock'],
    ['table', 'table'],
    ['divider', 'horizontalRule'],
  ] as const)('"%s" replaces the typed slash with a %s', (id, type) => {
    const current = editorWithSlash();
    const item = slashItems.find((candidate) => candidate.id === id)!;
    item.run(current, { from: 1, to: 2 }, { pickImage: () => {}, openAiWriting: () => {} });
    const json = current.getJSON();
    expect(json.content?.[0]?.type).toBe(type);
    expect(current.getText()).not.toContain('/');
  });

  it('"image" removes the slash and asks for the image', () => {
    const current = editorWithSlash();
    const pickImage = vi.fn();
    slashItems.find((item) => item.id === 'image')!.run(current, { from: 1, to: 2 }, { pickImage, openAiWriting: () => {} });
    expect(pickImage).toHaveBeenCalledOnce();
    expect(current.getText()).toBe('');
  });

  it('"ai" removes the slash and opens the AI writing tools', () => {
    const current = editorWithSlash();
    const openAiWriting = vi.fn();
    slashItems.find((item) => item.id === 'ai')!.run(current, { from: 1, to: 2 }, { pickImage: () => {}, openAiWriting });
    expect(openAiWriting).toHaveBeenCalledOnce();
    expect(current.getText()).toBe('');
  });
});

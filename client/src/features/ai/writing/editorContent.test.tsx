// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import * as Y from 'yjs';
import { applyToDoc, markdownElement } from './editorContent';
import { docWritingTarget } from './docTarget';

let editors: Editor[] = [];

/** A doc editor on a Y.Doc as the docs area makes it (Collaboration, its per-user undo), and a collaborator's copy. */
function collaborativeEditor(html: string) {
  const doc = new Y.Doc();
  const editor = new Editor({
    extensions: [
      StarterKit.configure({ undoRedo: false }),
      TaskList,
      TaskItem,
      Collaboration.configure({ document: doc, field: 'default' }),
    ],
  });
  editor.commands.setContent(html);
  editors.push(editor);
  const collaborator = new Y.Doc();
  Y.applyUpdate(collaborator, Y.encodeStateAsUpdate(doc));
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => {
    updates.push(update);
    Y.applyUpdate(collaborator, update);
  });
  return { editor, doc, collaborator, updates };
}

const textOf = (doc: Y.Doc) => doc.getXmlFragment('default').toString();

/** Selects the first occurrence of `text`. */
function select(editor: Editor, text: string) {
  let found = -1;
  editor.state.doc.descendants((node, position) => {
    if (found === -1 && node.isText && node.text?.includes(text)) found = position + node.text.indexOf(text);
  });
  editor.commands.setTextSelection({ from: found, to: found + text.length });
}

afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

describe('a result applied to the doc', () => {
  it('draws Markdown as the editor parses it: headings, lists, emphasis and safe links only', () => {
    const element = markdownElement('## Plan\n\n- **one**\n- two\n\n[site](https://example.com) [bad](javascript:alert(1))');
    expect(element.querySelector('h2')?.textContent).toBe('Plan');
    expect(element.querySelectorAll('li')).toHaveLength(2);
    expect(element.querySelector('strong')?.textContent).toBe('one');
    expect(element.querySelector('a')?.getAttribute('href')).toBe('https://example.com/');
    expect(element.querySelectorAll('a')).toHaveLength(1);
    expect(element.textContent).toContain('[bad](javascript:alert(1))');
  });

  it('replaces the selection in one change the collaborator receives, and one undo takes all of it back', () => {
    const { editor, collaborator, updates } = collaborativeEditor('<p>Intro stays.</p><p>teh cat sat on teh mat</p>');
    const target = docWritingTarget(editor, 'fixSpelling');
    expect(target.source.text).toBe('Intro stays.\n\nteh cat sat on teh mat');
    select(editor, 'teh cat sat on teh mat');
    const selected = docWritingTarget(editor, 'fixSpelling');
    expect(selected.source.text).toBe('teh cat sat on teh mat');
    const before = updates.length;
    expect(selected.apply('The cat sat on the **mat**.\n\n- first\n- second', 'replace')).toBe(true);
    expect(updates.length - before).toBe(1);
    expect(textOf(collaborator)).toContain('The cat sat on the ');
    expect(textOf(collaborator)).toContain('<bold>mat</bold>');
    expect(textOf(collaborator)).toContain('<bulletlist>');
    // StarterKit's trailing node keeps an empty paragraph after a list that ends the doc, as when typing.
    expect(editor.getHTML()).toBe(
      '<p>Intro stays.</p><p>The cat sat on the <strong>mat</strong>.</p><ul><li><p>first</p></li><li><p>second</p></li></ul><p></p>',
    );

    editor.commands.undo();
    expect(editor.getText()).toBe('Intro stays.\n\nteh cat sat on teh mat');
    expect(textOf(collaborator)).toContain('teh cat sat on teh mat');
    expect(textOf(collaborator)).not.toContain('bulletlist');
    target.dispose();
    selected.dispose();
  });

  it('keeps following its text while a collaborator writes above it', () => {
    const { editor, doc } = collaborativeEditor('<p>alpha</p><p>beta gamma</p>');
    select(editor, 'gamma');
    const target = docWritingTarget(editor, 'shorter');
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('from Grace')]);
    remote.getXmlFragment('default').insert(0, [paragraph]);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)));
    expect(target.apply('GAMMA', 'replace')).toBe(true);
    expect(editor.getText()).toBe('from Grace\n\nalpha\n\nbeta GAMMA');
    target.dispose();
  });

  it('replaces part of a paragraph inside it, keeping the words around it', () => {
    const { editor } = collaborativeEditor('<p>Keep this, change that, keep the end.</p>');
    select(editor, 'change that');
    const target = docWritingTarget(editor, 'improveWriting');
    expect(target.apply('alter *that*', 'replace')).toBe(true);
    expect(editor.getHTML()).toBe('<p>Keep this, alter <em>that</em>, keep the end.</p>');
    target.dispose();
  });

  it('replaces the whole doc when nothing is selected', () => {
    const { editor } = collaborativeEditor('<p>one</p><p>two</p>');
    const target = docWritingTarget(editor, 'translate');
    expect(target.source.text).toBe('one\n\ntwo');
    expect(target.apply('# Uno\n\ndos', 'replace')).toBe(true);
    expect(editor.getHTML()).toBe('<h1>Uno</h1><p>dos</p>');
    editor.commands.undo();
    expect(editor.getHTML()).toBe('<p>one</p><p>two</p>');
    target.dispose();
  });

  it('knows when a collaborator deleted its text', () => {
    const { editor } = collaborativeEditor('<p>alpha</p><p>beta</p>');
    select(editor, 'beta');
    const target = docWritingTarget(editor, 'longer');
    editor.commands.deleteRange({ from: editor.state.selection.from, to: editor.state.selection.to });
    expect(target.isGone?.()).toBe(true);
    target.dispose();
  });

  it('inserts below the block of the selection, and continue writes at the caret after a space', () => {
    const { editor } = collaborativeEditor('<p>First paragraph.</p><p>Second.</p>');
    select(editor, 'First');
    const summary = docWritingTarget(editor, 'summarize');
    expect(summary.apply('A summary.', 'insertBelow')).toBe(true);
    expect(editor.getText()).toBe('First paragraph.\n\nA summary.\n\nSecond.');

    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    const next = docWritingTarget(editor, 'continue');
    expect(next.source).toEqual({ text: 'Second.', context: 'First paragraph.\n\nA summary.\n\nSecond.' });
    expect(next.apply('Third sentence.', 'insert')).toBe(true);
    expect(editor.getText()).toBe('First paragraph.\n\nA summary.\n\nSecond. Third sentence.');
    editor.commands.undo();
    expect(editor.getText()).toBe('First paragraph.\n\nA summary.\n\nSecond.');
  });

  it('applies nothing for an empty result', () => {
    const { editor } = collaborativeEditor('<p>Text</p>');
    expect(applyToDoc(editor, '   ', { from: 0, to: editor.state.doc.content.size }, 'replace')).toBe(false);
    expect(editor.getText()).toBe('Text');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as Y from 'yjs';
import { setupAppI18n } from '../../../test/i18n';
import { fakeSession } from '../collab/fakeProvider';
import DocEditor from './DocEditor';

// linkify keeps the console.warn it found when it loaded, so the warnings are caught before any import.
const linkifyWarnings = vi.hoisted(() => {
  const seen: string[] = [];
  const original = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes('linkifyjs')) seen.push(String(args[0]));
    else original(...args);
  };
  return seen;
});

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(editable: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { getUsers: [], getTasks: [] } }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  const { session } = fakeSession();
  let editor: Editor | null = null;
  const element = (
    <DocEditor
      session={session}
      editable={editable}
      project="65a1f0c2b3d4e5f6a7b8c9d0"
      user={{ name: 'Ada', color: '#3B82F6' }}
      resolveImage={async (src) => src}
      onEditor={(current) => (editor = current)}
    />
  );
  const router = createMemoryRouter([{ path: '*', element }]);
  render(<RouterProvider router={router} />);
  return { session, editor: () => editor! };
}

describe('doc editor', () => {
  it('writes into the Y.Doc fragment the server reads ("default") and shows what collaborators type', () => {
    const { session, editor } = renderEditor(true);
    act(() => {
      editor().commands.setContent('<h2>Plan</h2><p>First line</p>');
    });
    const fragment = session.doc.getXmlFragment('default');
    expect(fragment.toString()).toContain('Plan');
    expect(fragment.toString()).toContain('First line');

    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(session.doc));
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('From Grace')]);
    remote.getXmlFragment('default').push([paragraph]);
    act(() => Y.applyUpdate(session.doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(session.doc))));
    expect(editor().getText()).toContain('From Grace');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
  });

  it("undoes only this user's typing", () => {
    const { session, editor } = renderEditor(true);
    act(() => {
      editor().commands.insertContent('mine');
    });
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(session.doc));
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('theirs')]);
    remote.getXmlFragment('default').push([paragraph]);
    act(() => Y.applyUpdate(session.doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(session.doc))));
    act(() => {
      editor().commands.undo();
    });
    expect(editor().getText()).toContain('theirs');
    expect(editor().getText()).not.toContain('mine');
  });

  it('has the AI writing tools in its toolbar, on the whole text or on the selection', async () => {
    const { editor } = renderEditor(true);
    act(() => {
      editor().commands.setContent('<p>First line</p>');
    });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'AI writing tools' }));
    const menu = await screen.findByRole('menu', { name: 'AI writing tools' });
    expect(within(menu).getByText('On the whole text')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Continue writing' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    act(() => {
      editor().commands.setTextSelection({ from: 1, to: 6 });
    });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'AI writing tools' }));
    expect(within(await screen.findByRole('menu', { name: 'AI writing tools' })).getByText('On the selection')).toBeTruthy();
  });

  it('is read only without the tools when it may not edit', () => {
    const { editor } = renderEditor(false);
    expect(editor().isEditable).toBe(false);
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
  });

  it('opens a second editor without linkify warning that it was already initialised', async () => {
    const first = renderEditor(true);
    await vi.waitFor(() => expect(first.editor().isInitialized).toBe(true));
    act(() => {
      first.editor().commands.insertContent('see https://example.com and mail ada@example.com ');
    });
    // Extensions set themselves up (and linkify would warn) when the editor emits "create", after mounting.
    const second = renderEditor(true);
    await vi.waitFor(() => expect(second.editor().isInitialized).toBe(true));
    expect(linkifyWarnings).toEqual([]);
  });
});

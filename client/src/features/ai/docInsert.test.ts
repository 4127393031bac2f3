import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { appendParagraphs, DocInsertError, insertIntoDoc, paragraphsOf } from './docInsert';
import type { CollabSession, SessionState } from '../docs/collab/session';

describe('an answer as doc paragraphs', () => {
  it('is one plain-text paragraph per line, Markdown marks and list markers dropped', () => {
    expect(paragraphsOf('**Launch** on Monday.\n\n- check the [list](https://example.com)\n1. call `ops`\n')).toEqual([
      'Launch on Monday.',
      'check the list',
      'call ops',
    ]);
  });

  it('is appended after what the doc holds, in one transaction', () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment(collabFragmentName);
    const first = new Y.XmlElement('paragraph');
    first.insert(0, [new Y.XmlText('Existing text')]);
    fragment.insert(0, [first]);
    let transactions = 0;
    doc.on('afterTransaction', () => (transactions += 1));
    appendParagraphs(doc, ['One', 'Two']);
    expect(transactions).toBe(1);
    expect(fragment.toString()).toBe('<paragraph>Existing text</paragraph><paragraph>One</paragraph><paragraph>Two</paragraph>');
  });
});

/** A doc session driven by hand: its state, and the provider's `synced` and `sync` event. */
function fakeSession(initial: Partial<SessionState> = {}) {
  let state = { connection: 'connecting', writable: null, dirty: false, ...initial } as SessionState;
  const listeners = new Set<() => void>();
  const syncListeners: ((synced: boolean) => void)[] = [];
  const provider = { synced: false, on: (_event: string, listener: (synced: boolean) => void) => syncListeners.push(listener) };
  const doc = new Y.Doc();
  let destroyed = false;
  doc.on('update', () => set({ dirty: true }));
  function set(changes: Partial<SessionState>) {
    state = { ...state, ...changes };
    listeners.forEach((listener) => listener());
  }
  const session = {
    doc,
    provider,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy: () => (destroyed = true),
  } as unknown as CollabSession;
  return {
    session,
    set,
    sync: () => {
      provider.synced = true;
      syncListeners.forEach((listener) => listener(true));
    },
    destroyed: () => destroyed,
  };
}

describe('inserting through the doc’s room', () => {
  it('waits for the room’s content and write access, appends, and closes once the server stored it', async () => {
    const fake = fakeSession();
    const done = insertIntoDoc('/collab/d1', 'Hello\nWorld', () => fake.session, 5000);
    fake.set({ connection: 'connected', writable: true });
    expect(fake.session.doc.getXmlFragment(collabFragmentName).length).toBe(0);
    fake.sync();
    await Promise.resolve();
    expect(fake.session.doc.getXmlFragment(collabFragmentName).toString()).toBe('<paragraph>Hello</paragraph><paragraph>World</paragraph>');
    expect(fake.destroyed()).toBe(false);
    fake.set({ dirty: false });
    await done;
    expect(fake.destroyed()).toBe(true);
  });

  it('fails on a read-only doc, a closed room or a room that never answers, and closes the session', async () => {
    const readOnly = fakeSession();
    const refused = insertIntoDoc('/collab/d1', 'Hello', () => readOnly.session, 5000);
    readOnly.set({ connection: 'connected', writable: false });
    await expect(refused).rejects.toEqual(new DocInsertError('readOnly'));
    expect(readOnly.destroyed()).toBe(true);

    const closed = fakeSession();
    const ended = insertIntoDoc('/collab/d1', 'Hello', () => closed.session, 5000);
    closed.set({ connection: 'closed', closeCode: 4404 });
    await expect(ended).rejects.toEqual(new DocInsertError('closed'));

    const silent = fakeSession();
    await expect(insertIntoDoc('/collab/d1', 'Hello', () => silent.session, 10)).rejects.toEqual(new DocInsertError('timeout'));
    expect(silent.destroyed()).toBe(true);
  });
});

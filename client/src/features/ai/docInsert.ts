/**
 * "Insert into doc": a doc's content lives only in its Yjs room, so an answer is appended the way the doc editor
 * writes: through a doc session (docs/collab) to the room, as paragraphs at the end of the document's fragment, once
 * the room's content has arrived (so they land after it) and the server let this session write; then the server's
 * "saved" is awaited before the session closes. Collaborators with the doc open see the paragraphs arrive.
 */
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import { markdownToText } from '../chat/markdown';
import { openDocSession } from '../docs/collab/connect';
import type { CollabSession } from '../docs/collab/session';

/** How long the room may take to let the answer in and store it before the insert counts as failed. */
export const docInsertTimeoutMs = 15_000;

/** The paragraphs an answer becomes: one per non-empty line, as plain text (the editor's own marks are not guessed from Markdown). */
export function paragraphsOf(answer: string): string[] {
  return answer
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => markdownToText(line))
    .filter((line) => line !== '');
}

/** Appends the paragraphs at the end of the doc's content, in one transaction. */
export function appendParagraphs(doc: Y.Doc, paragraphs: readonly string[]): void {
  const fragment = doc.getXmlFragment(collabFragmentName);
  doc.transact(() => {
    const blocks = paragraphs.map((text) => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(text)]);
      return paragraph;
    });
    fragment.insert(fragment.length, blocks);
  });
}

/** The part of y-websocket's provider that says the room's content has arrived (not in the session's ProviderLike). */
interface SyncingProvider {
  synced?: boolean;
  on(event: 'sync', listener: (synced: boolean) => void): void;
}

export class DocInsertError extends Error {
  override readonly name = 'DocInsertError';
  constructor(readonly reason: 'readOnly' | 'closed' | 'timeout') {
    super(`The answer could not be inserted into the doc (${reason})`);
  }
}

/** Runs `step` until the session's state passes `ready`; rejects when the session is closed or read-only. */
function waitFor(session: CollabSession, ready: () => boolean, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = session.getState();
      if (state.connection === 'closed') reject(new DocInsertError('closed'));
      else if (state.writable === false) reject(new DocInsertError('readOnly'));
      else if (ready()) resolve();
      else return;
      stop();
    };
    const unsubscribe = session.subscribe(check);
    const provider = session.provider as unknown as SyncingProvider;
    provider.on('sync', check);
    const aborted = () => reject(new DocInsertError('timeout'));
    signal.addEventListener('abort', aborted);
    const stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', aborted);
    };
    check();
  });
}

/** Appends an answer to the doc at `room` and resolves once the server stored it. */
export async function insertIntoDoc(
  room: string,
  answer: string,
  open: (room: string) => CollabSession = (path) => openDocSession({ room: path }),
  timeoutMs = docInsertTimeoutMs,
): Promise<void> {
  const session = open(room);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const provider = session.provider as unknown as SyncingProvider;
    await waitFor(session, () => provider.synced === true && session.getState().writable === true, timeout.signal);
    appendParagraphs(session.doc, paragraphsOf(answer));
    await waitFor(session, () => !session.getState().dirty, timeout.signal);
  } finally {
    clearTimeout(timer);
    session.destroy();
  }
}

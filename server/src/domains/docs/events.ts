import type { DomainEvent } from '../../core/events';
import { docStream } from '../../core/streams';

/** The fields of a doc that updateWall edits, as stored in events. */
export interface DocFields {
  title: string;
  emoji: string | null;
  cover: string | null;
  description: string | null;
  folderId: string | null;
}

export type DocFieldName = keyof DocFields;

export interface DocCreated extends DocFields {
  docId: string;
  projectId: string;
  teamId: string;
}
/** Only what changed: new values in `changes`, the values they replaced in `previous`. */
export interface DocEdited {
  docId: string;
  projectId: string;
  changes: Partial<DocFields>;
  previous: Partial<DocFields>;
}
export interface DocShared {
  docId: string;
  projectId: string;
  shareToken: string;
}
export interface DocUnshared {
  docId: string;
  projectId: string;
}
export interface DocDeleted {
  docId: string;
  projectId: string;
  title: string;
}
/**
 * Someone edited the content: recorded at most once per person per doc per debounce window (and
 * before a compaction or when the room unloads), for history and notifications; after a crash,
 * recorded at start-up from the stored update rows. The content itself is not in the log.
 */
export interface DocUpdated {
  docId: string;
  projectId: string;
  userId: string;
  /** How many of their updates this entry stands for, and when the first of them was stored (ISO). */
  updates: number;
  since: string;
  /** When the last of them was stored (ISO): the doc's last-edited time. Absent in older entries. */
  until?: string;
  /** The newest of their update rows this entry covers: rows of theirs up to it are recorded. Absent in older entries. */
  throughId?: number;
}

/** Doc events go to the stream `doc:<docId>`; `type` strings are stored forever, never renamed. */
export type DocEvent =
  | DomainEvent<'doc.created', DocCreated>
  | DomainEvent<'doc.edited', DocEdited>
  | DomainEvent<'doc.shared', DocShared>
  | DomainEvent<'doc.unshared', DocUnshared>
  | DomainEvent<'doc.deleted', DocDeleted>
  | DomainEvent<'doc.updated', DocUpdated>;

export { docStream };

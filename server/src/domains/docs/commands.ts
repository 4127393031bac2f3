import { refusal } from '../../errors';
import { diffFields } from '../fields';
import type { DocEvent, DocFields } from './events';

/** What a command knows about an existing doc, read from the projection by the caller. */
export interface DocState extends DocFields {
  id: string;
  projectId: string;
  teamId: string;
  authorId: string;
  shared: boolean;
  shareToken: string | null;
}

export interface NewDoc {
  docId: string;
  projectId: string;
  teamId: string;
  fields: Partial<DocFields> & { title: string };
}

/** setWorkspace: a doc at the space's top level unless a folder was chosen (checked by the caller). */
export function decideCreateDoc(command: NewDoc): DocEvent[] {
  const { fields } = command;
  return [
    {
      type: 'doc.created',
      payload: {
        docId: command.docId,
        projectId: command.projectId,
        teamId: command.teamId,
        title: fields.title,
        emoji: fields.emoji ?? null,
        cover: fields.cover ?? null,
        description: fields.description ?? null,
        folderId: fields.folderId ?? null,
      },
    },
  ];
}

/** updateWall's field changes: only what differs is recorded, with what it replaced. */
export function decideEditDoc(doc: DocState, requested: Partial<DocFields>): DocEvent[] {
  const { changes, previous } = diffFields<DocFields>(doc, requested);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'doc.edited', payload: { docId: doc.id, projectId: doc.projectId, changes, previous } }];
}

/**
 * updateWall's `shared`: turning it on mints a new link secret (an old link never comes back to
 * life); turning it off revokes the secret. Asking for the state it is already in changes nothing.
 */
export function decideSharing(doc: DocState, shared: boolean, newToken: () => string): DocEvent[] {
  if (shared === doc.shared) return [];
  if (shared) return [{ type: 'doc.shared', payload: { docId: doc.id, projectId: doc.projectId, shareToken: newToken() } }];
  return [{ type: 'doc.unshared', payload: { docId: doc.id, projectId: doc.projectId } }];
}

/** delWorkspace. */
export function decideDeleteDoc(doc: DocState | null): DocEvent[] {
  if (!doc) throw refusal('NOT_FOUND', 'DOC_NOT_FOUND');
  return [{ type: 'doc.deleted', payload: { docId: doc.id, projectId: doc.projectId, title: doc.title } }];
}

/** Someone's content edits, as the rooms collected them (see collab/activity.ts and collab/recovery.ts). */
export interface ContentActivity {
  updates: number;
  since: Date;
  until: Date;
  throughId: number;
}

/** The debounced record of someone's content edits: who, how many, first and last, and the newest row covered. */
export function decideContentActivity(doc: Pick<DocState, 'id' | 'projectId'>, userId: string, activity: ContentActivity): DocEvent[] {
  if (activity.updates <= 0) return [];
  const { updates, since, until, throughId } = activity;
  return [
    {
      type: 'doc.updated',
      payload: {
        docId: doc.id,
        projectId: doc.projectId,
        userId,
        updates,
        since: since.toISOString(),
        until: until.toISOString(),
        throughId,
      },
    },
  ];
}

import type { UnitOfWork } from './commands';
import { isId } from './ids';
import type { Reader } from './spaceContent';
import { databaseBehind } from '../db/unitDatabases';

/**
 * The meeting notes port: what the areas before docs (meetings keeps the rooms, chat writes the call
 * entries) may know of and do with a room's notes doc without importing the docs area. The docs area
 * provides it (DomainModule.meetingNotesDocs); the app binds it to the database handle, like the
 * private chats port. A room's notes doc is a doc of its space whose id is the room's id, so a room
 * has at most one by construction.
 */
export interface MeetingNotesFacts {
  /** The doc's id (the room's). */
  docId: string;
  projectId: string;
  title: string;
}

export interface NewMeetingNotes {
  meetingroomId: string;
  projectId: string;
  teamId: string;
  title: string;
}

/** The port the docs area implements. */
export interface MeetingNotesDocs {
  /** The room's notes doc, or null when it has none (never made, or deleted from the space's docs). */
  notesOf(db: Reader, meetingroomId: string): Promise<MeetingNotesFacts | null>;
  /** Appends, in the caller's unit, the docs area's events that make the room's notes doc in its space. */
  create(unit: UnitOfWork, notes: NewMeetingNotes): Promise<MeetingNotesFacts>;
}

const providers = new WeakMap<object, MeetingNotesDocs>();

export function bindMeetingNotesDocs(db: object, provider: MeetingNotesDocs): void {
  providers.set(db, provider);
}

/** The room's notes doc, or null (none, or no area provides docs to this database). */
export async function findMeetingNotes(db: Reader, meetingroomId: unknown): Promise<MeetingNotesFacts | null> {
  if (!isId(meetingroomId)) return null;
  return (await providers.get(databaseBehind(db))?.notesOf(db, meetingroomId)) ?? null;
}

/** Makes the room's notes doc in this unit; throws when no area provides docs (a server built without them). */
export async function createMeetingNotes(unit: UnitOfWork, notes: NewMeetingNotes): Promise<MeetingNotesFacts> {
  const provider = providers.get(databaseBehind(unit.transaction));
  if (!provider) throw new Error('No area provides meeting notes docs to this database (bindMeetingNotesDocs).');
  return await provider.create(unit, notes);
}

import { eq } from 'drizzle-orm';
import type { MeetingNotesDocs, MeetingNotesFacts } from '../../core/meetingNotes';
import { decideCreateDoc } from './commands';
import { docStream } from './events';
import { requireDocRoom, teamDocsLock } from './state';
import { docs } from './tables';

/**
 * The meeting notes port (core/meetingNotes.ts) answered by the docs area: a room's notes are an ordinary
 * doc of the room's space (listed, searched, shared and deleted like any other), whose id is the room's.
 */
export const docsMeetingNotes: MeetingNotesDocs = {
  async notesOf(db, meetingroomId) {
    const [row] = await db
      .select({ id: docs.id, projectId: docs.projectId, title: docs.title })
      .from(docs)
      .where(eq(docs.id, meetingroomId))
      .limit(1);
    return row ? { docId: row.id, projectId: row.projectId, title: row.title } : null;
  },
  async create(unit, notes) {
    // The notes doc's stream and the team's docs (setWorkspace's plan lock): made once, within the plan.
    await unit.lock(docStream(notes.meetingroomId), teamDocsLock(notes.teamId));
    const existing = await docsMeetingNotes.notesOf(unit.transaction, notes.meetingroomId);
    if (existing) return existing;
    await requireDocRoom(unit.transaction, notes.teamId);
    const stream = docStream(notes.meetingroomId);
    // A deleted notes doc leaves its stream behind: a new one continues it from where it is.
    const events = decideCreateDoc({
      docId: notes.meetingroomId,
      projectId: notes.projectId,
      teamId: notes.teamId,
      fields: { title: notes.title },
    });
    await unit.append(stream, events, { teamId: notes.teamId, expectedVersion: await unit.streamVersion(stream) });
    const created: MeetingNotesFacts = { docId: notes.meetingroomId, projectId: notes.projectId, title: notes.title };
    return created;
  },
};

import { asc, eq } from 'drizzle-orm';
import type { Reaction } from '../../core/commands';
import { readableSpaceContent } from '../../core/spaceContent';
import { findTaskRow, toTaskState } from '../tasks';
import { projectMembers } from '../teams';
import { line, notify } from './notify';

interface FileFacts {
  fileId: string;
  teamId: string;
  projectId: string | null;
  taskId: string | null;
  name: string;
  story?: boolean;
}

/**
 * NEW_STORY: a story posted in a space tells the space's members (who chose to be in it; a public space's
 * other readers are not), each while they may still see the space.
 * NEW_FILE: a file added to a task (its files, or its thread's attachments) tells the task's followers.
 * A space's own files and a private chat's tell nobody: they are many (every upload, every call recording),
 * the space's files list and the chat's unread count are live already, and nobody chose to follow them.
 */
export const fileNotifications: Reaction = {
  name: 'notifications: a story posted, a file added to a followed task',
  on: ['file.created'],
  async react(unit, event) {
    const db = unit.transaction;
    const file = event.payload as FileFacts;
    const canSee = (projectId: string) => async (userId: string) => (await readableSpaceContent(db, projectId, userId)) !== null;
    const notice = { teamId: file.teamId, authorId: event.actorId, fileId: file.fileId, projectId: file.projectId };
    if (file.story && file.projectId) {
      const members = await db
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, file.projectId))
        .orderBy(asc(projectMembers.userId));
      await notify(
        unit,
        members.map((row) => row.userId),
        { ...notice, type: 'NEW_STORY', description: line(file.name) },
        canSee(file.projectId),
      );
      return;
    }
    if (!file.taskId) return;
    const row = await findTaskRow(db, file.taskId);
    if (!row) return;
    await notify(
      unit,
      (await toTaskState(db, row)).followerIds,
      {
        ...notice,
        type: 'NEW_FILE',
        projectId: row.projectId,
        taskId: row.id,
        description: line(`${row.idCode} ${row.name}: ${file.name}`),
      },
      canSee(row.projectId),
    );
  },
};

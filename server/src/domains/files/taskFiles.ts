import { and, desc, getTableColumns, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { codedError } from '../../errors';
import { requireActor } from '../../graphql/context';
import { sameForEveryViewerBut } from '../../graphql/plainSelection';
import type { Reaction } from '../../core/commands';
import type { TaskResolvers } from '../../graphql/schemaTypes';
import { fileIdOfPath } from '../../http/mediaPaths';
import { registerBoardFieldReader, type TaskCreated, type TaskUpdated } from '../tasks';
import { filePolicy } from './policies';
import { presentFiles, type PresentedFile } from './present';
import { findFileRow, ownerAccess, ownerOfFile, type Reader } from './state';
import { files } from './tables';

type FileRow = typeof files.$inferSelect;

const { text: _text, ...listedColumns } = getTableColumns(files);

/** Which tasks' files to read: some tasks by id, or every task of some spaces (files_project_created). */
export type TaskFilesScope = { taskIds: readonly string[] } | { projectIds: readonly string[] };

/**
 * The files of tasks the viewer can see, by task, newest first (as getFiles(task) lists them), in one
 * query. A task's files are judged by its space's access (files/state.ts ownerAccess), so they are
 * presented as the space's files: one access check per space rather than one per task.
 */
export async function filesOfTasks(db: Reader, scope: TaskFilesScope, viewerId: string): Promise<Map<string, PresentedFile[]>> {
  const found = new Map<string, PresentedFile[]>();
  const ids = 'taskIds' in scope ? scope.taskIds : scope.projectIds;
  if (ids.length === 0) return found;
  const where: SQL | undefined =
    'taskIds' in scope ? inArray(files.taskId, [...ids]) : and(inArray(files.projectId, [...ids]), isNotNull(files.taskId));
  // Not a PDF's text (up to 500,000 characters each): nothing shown here needs it.
  const rows = (await db.select(listedColumns).from(files).where(where).orderBy(desc(files.createdAt), desc(files.id))).filter(
    (row): row is Omit<FileRow, 'text'> & { taskId: string } => row.taskId !== null && row.privatId === null,
  );
  if (rows.length === 0) return found;
  const presented = await presentFiles(
    db,
    rows.map((row) => ({ ...row, text: null, taskId: null })),
    viewerId,
  );
  rows.forEach((row, index) => {
    const file = { ...presented[index]!, task: row.taskId };
    const list = found.get(row.taskId);
    if (list) list.push(file);
    else found.set(row.taskId, [file]);
  });
  return found;
}

/** Files read during one request, by task, and the spaces whose task files were all read or are being read. */
interface RequestFiles {
  byTask: Map<string, PresentedFile[]>;
  spaces: Map<string, Promise<void> | 'read'>;
}

const readByRequest = new WeakMap<object, RequestFiles>();

function requestFilesOf(context: MercuriusContext): RequestFiles {
  let read = readByRequest.get(context);
  if (!read) readByRequest.set(context, (read = { byTask: new Map(), spaces: new Map() }));
  return read;
}

/** Reads the files of every task of a space for this request (once), for Task.files to answer from. */
function readSpaceTaskFiles(context: MercuriusContext, projectId: string): Promise<void> | 'read' {
  const read = requestFilesOf(context);
  const known = read.spaces.get(projectId);
  if (known) return known;
  const reading = filesOfTasks(context.services.database.db, { projectIds: [projectId] }, requireActor(context).userId).then((byTask) => {
    for (const [taskId, list] of byTask) read.byTask.set(taskId, list);
    read.spaces.set(projectId, 'read');
  });
  read.spaces.set(projectId, reading);
  return reading;
}

// getTasks reads a board's files before it answers, so each task's files are answered at once (boardFieldReaders.ts).
registerBoardFieldReader('files', async (context, projectId) => void (await readSpaceTaskFiles(context, projectId)));

/**
 * Task.files, on the tasks area's Task type: a task's files are this area's. A task inside a list
 * (getTasks, a subtask list) reads the files of every task of its space at once, so a 10,000-task
 * board costs one query; a task on its own (getTask, a mutation's answer, a live change) reads just
 * its own. A plain resolver rather than a Mercurius loader: a loader's promise per task doubled
 * getTasks' time on a 10,000-task board, this adds a few percent. A board's files are read by getTasks
 * before it answers (the tasks area's board field readers), so each of its tasks is answered at once,
 * not with a promise. The task reached here only if the caller may see it, and its files follow its
 * space's access.
 */
export const taskFields = {
  // Every viewer who sees the task sees the same files; only what they may do with each differs.
  files: sameForEveryViewerBut(
    (task, _args, context, info): PresentedFile[] | Promise<PresentedFile[]> => {
      if (typeof info.path.prev?.key !== 'number') {
        const viewerId = requireActor(context).userId;
        return filesOfTasks(context.services.database.db, { taskIds: [task.id] }, viewerId).then((byTask) => byTask.get(task.id) ?? []);
      }
      const read = requestFilesOf(context);
      const space = readSpaceTaskFiles(context, task.project);
      // The list's other tasks are resolved before a read settles: they wait for the same read.
      return space === 'read' ? (read.byTask.get(task.id) ?? []) : space.then(() => read.byTask.get(task.id) ?? []);
    },
    ['canEdit', 'canDelete'],
  ),
} satisfies TaskResolvers;

const coverRefused = () => codedError('TASK_COVER_FILE_INVALID', { field: 'cover' });

/** The recorded file a cover names (/media/files/<id>), or null for any other cover. */
const fileIdOfCover = (cover: unknown): string | null => (typeof cover === 'string' ? fileIdOfPath(cover) : null);

/**
 * A cover naming a recorded file (/media/files/<id>) must be an image uploaded to this very task that
 * the caller can read: never another task's or another team's file, never a PDF shown as a picture.
 * Every refusal reads the same, so file ids cannot be probed. Other covers pass untouched. The files
 * area holds this rule as its reaction to the tasks area's events, so a refused cover rolls the whole
 * command back and the tasks area never reads files.
 */
export const taskCoverIsTheTasksImage: Reaction = {
  name: 'files: a task cover naming a file must be an image of that task',
  on: ['task.created', 'task.updated'],
  async react(unit, event) {
    if (event.type === 'task.created') {
      // A new task has no files yet, so no file of it can be its cover.
      if (fileIdOfCover((event.payload as TaskCreated).cover) !== null) throw coverRefused();
      return;
    }
    const { taskId, changes } = event.payload as TaskUpdated;
    const fileId = fileIdOfCover(changes.cover);
    if (fileId === null) return;
    const db = unit.transaction;
    const row = await findFileRow(db, fileId);
    const access = row && unit.actorId ? await ownerAccess(db, ownerOfFile(row), unit.actorId) : null;
    if (!row || !access || !filePolicy.read(access) || row.taskId !== taskId || row.teamId !== event.teamId || row.kind !== 'image')
      throw coverRefused();
  },
};

import type { MercuriusContext } from 'mercurius';

/**
 * Fields of Task that other areas resolve (files: Task.files) and read for a whole space at once. A resolver that
 * answers a promise for each of a board's 10,000 tasks costs about a third more server CPU than one that answers at
 * once (bench/tasks.ts): graphql-js resolves every item of the list before any read settles, so the first task's read
 * cannot serve the others synchronously. getTasks therefore asks the area to read the space's values before it answers
 * the list (`read`), and the field's resolver answers from what was read, synchronously.
 *
 * The area registers its reader when its module is loaded: wiring between areas fixed at start, not state.
 */
export type BoardFieldReader = (context: MercuriusContext, projectId: string) => Promise<void>;

const readers = new Map<string, BoardFieldReader>();

/** `field` of Task is read for a whole board by `read` before getTasks answers, when the query asks for it. */
export function registerBoardFieldReader(field: string, read: BoardFieldReader): void {
  readers.set(field, read);
}

/** Reads, for the space's board, the fields of other areas the query asks for (`asks` says whether it asks for one). */
export async function readBoardFields(context: MercuriusContext, projectId: string, asks: (field: string) => boolean): Promise<void> {
  for (const [field, read] of readers) if (asks(field)) await read(context, projectId);
}

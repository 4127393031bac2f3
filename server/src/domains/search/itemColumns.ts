import { sql, type Placeholder } from 'drizzle-orm';
import type { IndexedItem } from './port';

/**
 * What both index adapters keep of an item beside its text, one column each: its identity and place, and its date.
 * An insert built once takes each as a placeholder of the field's own name.
 */
const itemColumnNames = [
  'kind',
  'itemId',
  'teamId',
  'spaceId',
  'privatId',
  'taskId',
  'meetingroomId',
  'code',
  'emoji',
  'folderId',
  'createdAt',
] as const satisfies readonly (keyof IndexedItem)[];

export type ItemColumns = Pick<IndexedItem, (typeof itemColumnNames)[number]>;

/** Each item column as a placeholder named as its field, for an insert built once. */
export function itemColumnPlaceholders(): Record<keyof ItemColumns, Placeholder> {
  return Object.fromEntries(itemColumnNames.map((name) => [name, sql.placeholder(name)])) as Record<keyof ItemColumns, Placeholder>;
}

/** The item's values for those placeholders (written out: an add runs for every indexed message, task, doc and file). */
export function itemColumnValues(item: IndexedItem): ItemColumns {
  const { kind, itemId, teamId, spaceId, privatId, taskId, meetingroomId, code, emoji, folderId, createdAt } = item;
  return { kind, itemId, teamId, spaceId, privatId, taskId, meetingroomId, code, emoji, folderId, createdAt };
}

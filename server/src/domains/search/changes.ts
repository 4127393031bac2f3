import type { StoredEvent } from '../../core/events';
import type { IndexChange, IndexChangesOfEvent, SearchSource } from '../../core/searchSources';
import { calendarSearchSource } from '../calendar';
import { chatSearchSource } from '../chat';
import { docsSearchSource } from '../docs';
import { filesSearchSource } from '../files';
import { tasksSearchSource } from '../tasks';
import { teamsSearchSource } from '../teams';

/**
 * Every area's search source (each in its own folder: domains/<area>/searchSource.ts, through its index.ts). A new
 * area with searchable items declares its source there, its kind in shared/src/search.ts, and joins this list.
 */
export const searchSources: readonly SearchSource[] = [
  teamsSearchSource,
  tasksSearchSource,
  chatSearchSource,
  filesSearchSource,
  docsSearchSource,
  calendarSearchSource,
];

/**
 * What an event does to the index, composed from the given sources: the handlers of the sources that read its type
 * (the keys of their `changes`), in the list's order. Two sources may read one type; each adds its changes.
 */
export function indexChangesFrom(sources: readonly SearchSource[]): (stored: StoredEvent) => IndexChange[] {
  const handlersByType = new Map<string, IndexChangesOfEvent[]>();
  for (const source of sources)
    for (const [type, handler] of Object.entries(source.changes)) {
      if (handler === undefined) continue;
      const handlers = handlersByType.get(type);
      if (handlers) handlers.push(handler);
      else handlersByType.set(type, [handler]);
    }
  return (stored) => {
    const handlers = handlersByType.get(stored.type);
    if (handlers === undefined) return [];
    return handlers.length === 1 ? handlers[0]!(stored) : handlers.flatMap((handler) => handler(stored));
  };
}

/**
 * What an event does to the search index: the changes the sources that read its type make of it (tasks, messages,
 * docs, files and calendar events added, changed and removed; a deleted space or task takes its items with it; a
 * deleted folder's files move up). The same for every adapter; nothing for an event no source reads.
 */
export const indexChangesOf: (stored: StoredEvent) => IndexChange[] = indexChangesFrom(searchSources);

import type { StoredEvent } from '../../core/events';
import type { IndexChange, SearchSource } from '../../core/searchSources';
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

/** The sources by the event types they read; an event type two sources read gives both sources' changes, in the list's order. */
function sourcesByEventType(sources: readonly SearchSource[]): ReadonlyMap<string, readonly SearchSource[]> {
  const byType = new Map<string, SearchSource[]>();
  for (const source of sources)
    for (const type of source.eventTypes) {
      const readers = byType.get(type);
      if (readers) readers.push(source);
      else byType.set(type, [source]);
    }
  return byType;
}

const sourcesOfType = sourcesByEventType(searchSources);

/**
 * What an event does to the search index: the changes the sources that read its type make of it (tasks, messages,
 * docs, files and calendar events added, changed and removed; a deleted space or task takes its items with it; a
 * deleted folder's files move up). The same for every adapter; nothing for an event no source reads.
 */
export function indexChangesOf(stored: StoredEvent): IndexChange[] {
  const sources = sourcesOfType.get(stored.type);
  if (sources === undefined) return [];
  return sources.length === 1 ? sources[0]!.changesOf(stored) : sources.flatMap((source) => source.changesOf(stored));
}

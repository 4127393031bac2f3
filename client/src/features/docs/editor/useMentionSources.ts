import { useEffect, useRef } from 'react';
import { request } from '../../../lib/graphql';
import { getDocPeopleDocument, getDocTasksDocument, type DocPerson, type DocTask } from '../operations';
import type { MentionItem } from './extensions';

const limit = 8;
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function personLabel(person: DocPerson): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ').trim() || person.email || person.id;
}

export function matching<T>(items: readonly T[], query: string, label: (item: T) => string): T[] {
  const wanted = fold(query.trim());
  return items.filter((item) => fold(label(item)).includes(wanted)).slice(0, limit);
}

/**
 * The space's members and tasks for @ and # mentions, read once when the editor opens so the
 * menus answer while typing. Without a space (a public reader) both stay empty.
 */
export function useMentionSources(project: string | null) {
  const people = useRef<DocPerson[]>([]);
  const tasks = useRef<DocTask[]>([]);
  useEffect(() => {
    if (!project) return;
    const silent = { handledByCaller: true } as const;
    request(getDocPeopleDocument, { project }, silent).then(
      (result) => (people.current = result.getUsers),
      () => undefined,
    );
    request(getDocTasksDocument, { project }, silent).then(
      (result) => (tasks.current = result.getTasks),
      () => undefined,
    );
  }, [project]);
  return {
    findPeople: (query: string): MentionItem[] =>
      matching(people.current, query, personLabel).map((person) => ({ id: person.id, label: personLabel(person) })),
    findTasks: (query: string): MentionItem[] =>
      matching(tasks.current, query, (task) => `${task.idCode} ${task.name}`).map((task) => ({
        id: task.id,
        label: `${task.idCode} ${task.name}`,
      })),
  };
}

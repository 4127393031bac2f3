/**
 * Loads the space's board and keeps it live with subTask changes. After a reconnection the subscription resumes
 * from the last change it saw (the server replays what was missed: tasks, sections and tags); the board is read
 * again only when the server says the gap is too old, or the subscription had no position yet.
 */
import { useEffect } from 'react';
import { emptyTaskFilter } from '#shared/taskViews';
import { useSubscription } from '../../lib/subscriptions';
import { useStore } from '../../lib/store';
import { focusedTaskIdAtom, receiveTaskChange, taskFilterAtom } from './atoms';
import { loadBoard, loadMembers } from './boardActions';
import { subTaskDocument } from './operations';
import { nowAtom } from './viewAtoms';

const minuteMs = 60_000;

export function useBoard(project: string): void {
  const store = useStore();

  useEffect(() => {
    // Filters and focus name tags and tasks of one space: another space starts clean.
    store.set(taskFilterAtom, emptyTaskFilter);
    store.set(focusedTaskIdAtom, null);
    void loadBoard(store, project);
    void loadMembers(store, project);
  }, [store, project]);

  useEffect(() => {
    const timer = setInterval(() => store.set(nowAtom, new Date()), minuteMs);
    return () => clearInterval(timer);
  }, [store]);

  useSubscription(subTaskDocument, { project }, ({ subTask }) => receiveTaskChange(store, subTask), {
    reload: () => void loadBoard(store, project),
  });
}

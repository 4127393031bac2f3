/** Loads the space's board and keeps it live: subTask changes, and a full read after each reconnection. */
import { useEffect } from 'react';
import { useOnReconnect, useSubscription } from '../../lib/subscriptions';
import { useStore } from '../../lib/store';
import { applyTaskChange, boardAtom } from './atoms';
import { loadBoard } from './boardActions';
import { subTaskDocument } from './operations';

export function useBoard(project: string): void {
  const store = useStore();

  useEffect(() => {
    void loadBoard(store, project);
  }, [store, project]);

  useSubscription(subTaskDocument, { project }, ({ subTask }) => {
    store.set(boardAtom, (board) => applyTaskChange(board, subTask));
  });

  useOnReconnect(() => {
    void loadBoard(store, project);
  });
}

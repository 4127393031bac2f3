/**
 * Drop targets of the files area: files from the desktop (uploaded there) and entries dragged
 * within the list (moved there). An entry travels as its key under a private type, so a drop from
 * another tab or application can never be mistaken for one.
 */
import { useState, type DragEvent } from 'react';

export const entryDragType = 'application/x-workspace-entry';

export function startEntryDrag(event: DragEvent, key: string): void {
  event.dataTransfer.setData(entryDragType, key);
  event.dataTransfer.effectAllowed = 'move';
}

const carriesFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');
const carriesEntry = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes(entryDragType);

export interface DropHandlers {
  onDragOver: (event: DragEvent) => void;
  onDragLeave: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}

/**
 * Drag events the innermost target already took: outer targets (the area around a folder row) see
 * them bubble by and stand down, so only one place lights up and only one place receives the drop.
 */
const claimed = new WeakSet<Event>();

export function useDropTarget(
  onFiles: (files: File[]) => void,
  onEntry?: (key: string) => void,
): { over: boolean; handlers: DropHandlers } {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => carriesFiles(event) || (onEntry !== undefined && carriesEntry(event));
  return {
    over,
    handlers: {
      onDragOver: (event) => {
        if (claimed.has(event.nativeEvent) || !accepts(event)) {
          setOver(false);
          return;
        }
        claimed.add(event.nativeEvent);
        event.preventDefault();
        event.dataTransfer.dropEffect = carriesFiles(event) ? 'copy' : 'move';
        setOver(true);
      },
      onDragLeave: (event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && event.currentTarget.contains(next)) return;
        setOver(false);
      },
      onDrop: (event) => {
        setOver(false);
        if (claimed.has(event.nativeEvent) || !accepts(event)) return;
        claimed.add(event.nativeEvent);
        event.preventDefault();
        const files = [...(event.dataTransfer.files ?? [])];
        if (files.length > 0) onFiles(files);
        else if (onEntry) {
          const key = event.dataTransfer.getData(entryDragType);
          if (key) onEntry(key);
        }
      },
    },
  };
}

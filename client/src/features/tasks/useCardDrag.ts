/**
 * Cards move with dnd-kit (issue 25): the mouse, touch, and the keyboard (Space picks the focused
 * card up, the arrows move it within and across sections, Space or Enter drops, Escape cancels).
 * Where the card would land is kept here as a slot computed from the board's data, for every
 * sensor alike, rather than from dnd-kit's geometry: columns are virtualized, so most cards have
 * no element to measure. Screen readers hear each step through dnd-kit's live region.
 */
import {
  getClientRect,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { DndContext } from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppStore } from '../../lib/store';
import { boardAtom, boardColumnsAtom, boardDraggingAtom } from './atoms';
import { moveTask } from './boardActions';
import {
  beforeIdOf,
  columnDropId,
  columnDropPrefix,
  dragDirections,
  originSlot,
  sameSlot,
  slotAfterKey,
  slotFromOver,
  spokenPosition,
  type DragColumns,
  type DropSlot,
} from './boardDrag';

function dragColumnsOf(store: AppStore): DragColumns {
  const states = store.get(boardAtom).states.map((state) => state.id);
  const cards = new Map([...store.get(boardColumnsAtom)].map(([state, tasks]) => [state, tasks.map((task) => task.id)]));
  return { states, cards };
}

/** Keys that start, drop and cancel a keyboard drag: Enter is left to the card's link, which opens the task. */
const keyboardCodes = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter', 'Tab'] };

export interface CardDrag {
  contextProps: ComponentProps<typeof DndContext>;
  /** The dragged card; null when none. */
  activeId: string | null;
  /** Where it would land; null when nowhere (a pointer outside every column). */
  slot: DropSlot | null;
  /** Moved by the keyboard: no preview follows, the faded card and the drop line show the move. */
  byKeyboard: boolean;
}

export function useCardDrag(store: AppStore): CardDrag {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [slot, setSlotState] = useState<DropSlot | null>(null);
  const [keyboardDrag, setKeyboardDrag] = useState(false);
  const slotRef = useRef<DropSlot | null>(null);
  const originRef = useRef<DropSlot | null>(null);
  const byKeyboard = useRef(false);
  /** The last place announced, so a move that changes nothing says nothing. */
  const announced = useRef<DropSlot | null>(null);
  const nudge = useRef(0);

  const setSlot = useCallback((next: DropSlot | null) => {
    slotRef.current = next;
    setSlotState(next);
  }, []);

  /** Ends a drag on screen; the refs keep the last places for the drop's announcement, which dnd-kit asks for afterwards. */
  const reset = useCallback(() => {
    setActiveId(null);
    setSlotState(null);
    setKeyboardDrag(false);
    byKeyboard.current = false;
    store.set(boardDraggingAtom, false);
  }, [store]);

  /** The arrows move the slot through the data; the overlay follows to the target card when it is on screen. */
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { active, context, currentCoordinates }) => {
      const direction = dragDirections[event.code];
      if (!direction || !slotRef.current) return undefined;
      const columns = dragColumnsOf(store);
      const movingId = String(active);
      const next = slotAfterKey(columns, movingId, slotRef.current, direction);
      setSlot(next);
      const before = beforeIdOf(columns, movingId, next);
      const rect = context.droppableRects.get(before ?? columnDropId(next.state));
      // A slightly different point each time, so dnd-kit reports a move (and the live region speaks) even at an edge.
      nudge.current = nudge.current > 0 ? -0.01 : 0.01;
      if (rect && rect.width > 0) return { x: rect.left + nudge.current, y: before ? rect.top : rect.top + rect.height / 2 };
      return { x: currentCoordinates.x + nudge.current, y: currentCoordinates.y };
    },
    [setSlot, store],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes }),
  );

  /** A pointer is over a card (before it) or, between cards, over a column (its end); the keyboard has its own slot. */
  const collisionDetection: CollisionDetection = useCallback((args) => {
    if (byKeyboard.current) return [];
    const within = pointerWithin(args);
    const card = within.find((collision) => !String(collision.id).startsWith(columnDropPrefix));
    return card ? [card] : within.slice(0, 1);
  }, []);

  const describe = useCallback(
    (id: UniqueIdentifier, place: DropSlot) => {
      const columns = dragColumnsOf(store);
      const board = store.get(boardAtom);
      const section = board.states.find((state) => state.id === place.state)?.value ?? '';
      return { name: board.tasks.get(String(id))?.name ?? '', section, ...spokenPosition(columns, String(id), place) };
    },
    [store],
  );

  const announcements: Announcements = useMemo(() => {
    const moved = ({ active }: { active: { id: UniqueIdentifier } }) => {
      const place = slotRef.current;
      if (sameSlot(place, announced.current)) return undefined;
      announced.current = place;
      if (!place) return t('tasks.drag.nowhere', { name: describe(active.id, originRef.current ?? { state: '', index: 0 }).name });
      return t('tasks.drag.moved', describe(active.id, place));
    };
    return {
      onDragStart: ({ active }) => {
        const place = originRef.current;
        announced.current = place;
        return place ? t('tasks.drag.pickedUp', describe(active.id, place)) : undefined;
      },
      onDragMove: moved,
      onDragOver: moved,
      onDragEnd: ({ active }) => {
        const place = slotRef.current ?? originRef.current;
        return place ? t('tasks.drag.dropped', describe(active.id, place)) : undefined;
      },
      onDragCancel: ({ active }) => {
        const place = originRef.current;
        return place ? t('tasks.drag.cancelled', describe(active.id, place)) : undefined;
      },
    };
  }, [describe, t]);

  const onDragStart = useCallback(
    ({ active, activatorEvent }: DragStartEvent) => {
      const id = String(active.id);
      const origin = originSlot(dragColumnsOf(store), id);
      originRef.current = origin;
      announced.current = null;
      byKeyboard.current = activatorEvent instanceof KeyboardEvent;
      setKeyboardDrag(byKeyboard.current);
      store.set(boardDraggingAtom, true);
      setActiveId(id);
      setSlot(origin);
    },
    [setSlot, store],
  );

  const onDragOver = useCallback(
    ({ active, over }: DragOverEvent) => {
      if (byKeyboard.current) return;
      setSlot(slotFromOver(dragColumnsOf(store), String(active.id), over ? String(over.id) : null));
    },
    [setSlot, store],
  );

  const onDragEnd = useCallback(
    ({ active }: DragEndEvent) => {
      const id = String(active.id);
      const place = slotRef.current;
      reset();
      if (!place || sameSlot(place, originRef.current)) return;
      // Optimistic: the card is drawn at once in its new place, where a card focused before keeps the focus (TaskCard).
      void moveTask(store, id, place.state, beforeIdOf(dragColumnsOf(store), id, place));
    },
    [reset, store],
  );

  const contextProps: ComponentProps<typeof DndContext> = {
    sensors,
    collisionDetection,
    // Cards are placed by the virtualizer with a transform: measure where they are drawn, transform included.
    measuring: { draggable: { measure: getClientRect }, droppable: { strategy: MeasuringStrategy.Always, measure: getClientRect } },
    accessibility: { announcements, screenReaderInstructions: { draggable: t('tasks.drag.instructions') } },
    onDragStart,
    onDragOver,
    onDragEnd,
    onDragCancel: reset,
  };
  return { contextProps, activeId, slot, byKeyboard: keyboardDrag };
}

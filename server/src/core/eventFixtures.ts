import type { StoredEvent } from './events';

/** An event as the log hands it to a feed's `relevant` test, for tests that look at its type and payload alone. */
export function storedEvent(type: string, payload: Record<string, unknown>, fields: Partial<StoredEvent> = {}): StoredEvent {
  return {
    seq: 1,
    id: 'event',
    teamId: 'team',
    stream: 'stream',
    version: 1,
    type,
    actorId: null,
    payload,
    mutationId: null,
    createdAt: '',
    ...fields,
  };
}

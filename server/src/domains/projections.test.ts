import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../core/events';
import { openDatabase } from '../db/connection';
import { domains } from '.';

/*
 * The doc rooms record their entries through the SQLite door's synchronous unit (`runNow`, until the rooms await an
 * ordinary unit), which refuses a unit whose projections answer a promise, and every projection sees every event. So
 * a projection answers a promise for its own events only: an `async apply` answers one for every event, and the
 * rooms then store no doc text or activity (issue 21 found this converting an area to asynchronous reads).
 */
const database = openDatabase(':memory:');
afterAll(() => database.close());

const stored = (type: string, payload: unknown, seq: number): StoredEvent => ({
  seq,
  id: `event-${seq}`,
  teamId: 'team-1',
  stream: 'doc:doc-1',
  version: seq,
  type,
  actorId: 'user-1',
  payload,
  mutationId: null,
  createdAt: '2026-11-27T09:00:00.000Z',
});

// What the doc rooms append: a doc's debounced content activity, and its mentions.
const docRoomEvents = [
  stored(
    'doc.updated',
    {
      docId: 'doc-1',
      projectId: 'space-1',
      userId: 'user-1',
      updates: 3,
      since: '2026-11-27T08:59:00.000Z',
      until: '2026-11-27T09:00:00.000Z',
      throughId: 7,
    },
    1,
  ),
  stored('docMentions.changed', { docId: 'doc-1', projectId: 'space-1', teamId: 'team-1', added: [], mentioned: [] }, 2),
];

describe('projections and the doc rooms’ synchronous unit', () => {
  for (const projection of domains.flatMap((module) => module.projections)) {
    it(`${projection.name} answers no promise for the doc rooms' events`, () => {
      database.db.transaction((transaction) => {
        for (const event of docRoomEvents) {
          const answer: unknown = projection.apply(transaction, event);
          expect(answer instanceof Promise, `${projection.name} on ${event.type}`).toBe(false);
        }
      });
    });
  }
});

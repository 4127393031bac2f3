import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../core/events';
import { openDatabase } from '../db/connection';
import { domains } from '.';

/*
 * Every projection sees every event, so a projection answers a promise for its own events only: an `async apply`
 * answers one for every event of every area, an await per projection per event in every unit (and, while the doc
 * rooms wrote through SQLite's synchronous door, `runNow`, it made the rooms store no doc text or activity; issue 21).
 */
const database = openDatabase(':memory:');
afterAll(() => database.close());

const stored = (type: string, payload: unknown, seq: number): StoredEvent => ({
  seq,
  id: `event-${seq}`,
  teamId: 'team-1',
  stream: 'other:thing-1',
  version: seq,
  type,
  actorId: 'user-1',
  payload,
  mutationId: null,
  createdAt: '2026-11-27T09:00:00.000Z',
});

// An event no area projects.
const foreignEvents = [stored('nothing.happened', { thingId: 'thing-1' }, 1)];

describe('projections and the events of other areas', () => {
  for (const projection of domains.flatMap((module) => module.projections)) {
    it(`${projection.name} answers no promise for an event it does not project`, () => {
      database.db.transaction((transaction) => {
        for (const event of foreignEvents) {
          const answer: unknown = projection.apply(transaction, event);
          expect(answer instanceof Promise, `${projection.name} on ${event.type}`).toBe(false);
        }
      });
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/connection';
import { domains } from '../../server/src/domains';
import { replay, snapshotProjections } from '../../server/src/core/sqlite/replay';
import { startTestServer, type TestServer } from './harness';
import { sectionsOf } from './taskFactories';
import { createSpace, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface LoggedEvent {
  seq: number;
  stream: string;
  type: string;
  mutationId: string | null;
}

function eventsOf(streams: string[]): LoggedEvent[] {
  const placeholders = streams.map(() => '?').join(', ');
  return server.app.services.database.sqlite
    .prepare(`SELECT seq, stream, type, mutation_id AS mutationId FROM events WHERE stream IN (${placeholders}) ORDER BY seq`)
    .all(...streams) as LoggedEvent[];
}

describe('reactions between areas', () => {
  it('opens the board of every new space in the unit of work that creates it, right after the space, whoever creates it', async () => {
    const ada = await person(server, 'Ada');
    const personal = server.app.services.database.sqlite
      .prepare('SELECT id FROM projects WHERE team_id = ? AND is_personal = 1')
      .get(ada.teamId) as { id: string };
    const created = await createSpace(ada, 'Launch');
    for (const projectId of [personal.id, created]) {
      const log = eventsOf([`project:${projectId}`, `board:${projectId}`]);
      const opened = log.findIndex((event) => event.type === 'board.created');
      const createdAt = log.findIndex((event) => event.type === 'project.created');
      // The tasks area heard the teams area's event: its board follows the space in the log, once.
      expect(createdAt).toBeGreaterThanOrEqual(0);
      expect(opened).toBeGreaterThan(createdAt);
      expect(log.filter((event) => event.type === 'board.created')).toHaveLength(1);
      expect(await sectionsOf(ada, projectId)).toHaveLength(3);
    }
  });

  it('replays the log into an empty database equal to the live tables, without running reactions again', async () => {
    const grace = await person(server, 'Grace');
    await createSpace(grace, 'Replayed');
    const projections = domains.flatMap((module) => module.projections);
    const empty = openDatabase(`${server.dataDirectory}/replayed-reactions.sqlite`, { synchronous: 'NORMAL' });
    try {
      const progress = await replay(server.app.services.database, empty, projections);
      const logged = server.app.services.database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number };
      // Every event applied once, and no more: a reaction re-run by the replay would have added its events again.
      expect(progress.applied).toBe(logged.count);
      expect(empty.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get()).toEqual(logged);
      expect(snapshotProjections(empty, projections)).toEqual(snapshotProjections(server.app.services.database, projections));
    } finally {
      empty.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { appRow, appRows, replayedBesideLive } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { sectionsOf } from './taskFactories';
import { countEvents, createSpace, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface LoggedEvent extends Record<string, unknown> {
  seq: number;
  stream: string;
  type: string;
  mutationId: string | null;
}

function eventsOf(streams: string[]): Promise<LoggedEvent[]> {
  return appRows<LoggedEvent>(
    server.app,
    sql`SELECT seq, stream, type, mutation_id AS "mutationId" FROM events WHERE stream IN (${sql.join(
      streams.map((stream) => sql`${stream}`),
      sql`, `,
    )}) ORDER BY seq`,
  );
}

describe('reactions between areas', () => {
  it('opens the board of every new space in the unit of work that creates it, right after the space, whoever creates it', async () => {
    const ada = await person(server, 'Ada');
    const personal = (await appRow<{ id: string }>(
      server.app,
      sql`SELECT id FROM projects WHERE team_id = ${ada.teamId} AND is_personal`,
    ))!;
    const created = await createSpace(ada, 'Launch');
    for (const projectId of [personal.id, created]) {
      const log = await eventsOf([`project:${projectId}`, `board:${projectId}`]);
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
    const logged = await countEvents(server);
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    // Every event applied once, and no more: a reaction re-run by the replay would have opened the space's board
    // again (a second board row, or its insert refused), and would have added its events to the log.
    expect(live.task_boards!.length).toBeGreaterThan(0);
    expect(rebuilt).toEqual(live);
    expect(await countEvents(server)).toBe(logged);
  });
});

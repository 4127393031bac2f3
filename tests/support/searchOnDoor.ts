import { sql } from 'drizzle-orm';
import { ManualClock } from '../../server/src/core/clock';
import type { DomainEvent } from '../../server/src/core/events';
import { tableDialect } from '../../server/src/db/pickTable';
import { searchFor, searchModule } from '../../server/src/domains/search';
import { parseSearchArguments, type SearchArguments } from '../../server/src/domains/search/input';
import { booleanLiteral, openAreaDoor, outcomesOn, seedPeople, seedSpace, seedSpaceMembers, seedTeam } from './areaDoor';

/**
 * Runs search's request path (getSearch's searchFor: the caller's current team and seat, the scope the space policy
 * lets them read, the index of the process's dialect, the results presented with their spaces' and conversations'
 * names) on the door of this process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite file of its own),
 * over items indexed by the search projection of that dialect through the door, and prints what each person found as
 * one JSON line after `search-on-door:`. tests/integration/search-postgres.test.ts runs it once per dialect and compares.
 */

const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const id = (suffix: string) => `790000000000${suffix.padStart(12, '0')}`;
const ada = id('a');
const bob = id('b');
const cy = id('c');
const team = id('f1');
const launch = id('51');
const board = id('52');
const pair = id('61');
const crew = id('62');
const launchRoom = id('71');
const adHocRoom = id('72');
const loginTask = id('81');
const roadmapTask = id('82');

const outcomeOf = outcomesOn(clock);

const door = await openAreaDoor('search', searchModule.projections, clock);
try {
  const { store, db } = door;
  const no = booleanLiteral(false);
  const at = '2026-03-01T08:00:00.000Z';
  // Ada and Cy are basic members, Bob the team's admin; Ada is in the public space Launch, the private space Board is Bob's.
  await seedPeople(door, { [ada]: 'Ada', [bob]: 'Bob', [cy]: 'Cy' }, at, { emailVerified: false, defaultTeamId: team, lastname: 'Walrus' });
  await seedTeam(door, { id: team, name: 'Workshop', ownerId: bob }, { [ada]: 'basic', [bob]: 'admin', [cy]: 'basic' }, at);
  await seedSpace(door, { id: launch, teamId: team, name: 'Launch', type: 'public', color: 'blue', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpace(door, { id: board, teamId: team, name: 'Board', type: 'private', color: 'red', ownerId: bob }, { [bob]: 'admin' }, at);
  await seedSpaceMembers(door, launch, { [ada]: 'basic' }, at);
  // A one-to-one chat of Ada and Bob (named after the other person), and Bob's and Cy's group "Crew".
  for (const [privatId, name] of [
    [pair, null],
    [crew, 'Crew'],
  ] as const) {
    await door.execute(
      sql`INSERT INTO privats (id, team_id, name, inactive, author_id, created_at, updated_at) VALUES (${privatId}, ${team}, ${name}, ${no}, ${bob}, ${at}, ${at})`,
    );
  }
  for (const [privatId, userId, joinedAt] of [
    [pair, bob, at],
    [pair, ada, '2026-03-01T08:00:01.000Z'],
    [crew, bob, at],
    [crew, cy, at],
  ] as const) {
    await door.execute(sql`INSERT INTO privat_members (privat_id, user_id, joined_at) VALUES (${privatId}, ${userId}, ${joinedAt})`);
  }
  for (const [roomId, projectId, name] of [
    [launchRoom, launch, 'Launch room'],
    [adHocRoom, null, 'Quick call'],
  ] as const) {
    await door.execute(
      sql`INSERT INTO meetingrooms (id, team_id, project_id, name, author_id, link_secret, link_expires_at, created_at, updated_at)
          VALUES (${roomId}, ${team}, ${projectId}, ${name}, ${bob}, 'secret', ${at}, ${at}, ${at})`,
    );
  }
  for (const [taskId, projectId, idCode, name] of [
    [loginTask, launch, 'L-1', 'Fix the walrus login'],
    [roadmapTask, board, 'B-1', 'Secret walrus roadmap'],
  ] as const) {
    await door.execute(
      sql`INSERT INTO tasks (id, team_id, project_id, state_id, number, id_code, name, color, priority, position_section, position_duedate,
            position_asignee, author_id, created_at, updated_at)
          VALUES (${taskId}, ${team}, ${projectId}, 'state', 1, ${idCode}, ${name}, 'blue', 0, 1, 1, 1, ${bob}, ${at}, ${at})`,
    );
  }

  // The items, indexed by the search projection of this dialect as the door appends their events.
  const description = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const message = (
    messageId: string,
    body: string,
    place: { spaceId?: string; taskId?: string; privatId?: string; meetingroomId?: string },
  ): DomainEvent => ({
    type: 'message.created',
    payload: {
      conversation: 'conversation',
      projectId: place.spaceId ?? null,
      privatId: place.privatId ?? null,
      taskId: place.taskId ?? null,
      meetingroomId: place.meetingroomId ?? null,
      spaceId: place.spaceId ?? null,
      messageId,
      body,
      type: 'text',
      fileId: null,
      replyToId: null,
      clientId: null,
      mentions: [],
    },
  });
  const events: DomainEvent[] = [
    {
      type: 'task.created',
      payload: {
        taskId: loginTask,
        teamId: team,
        projectId: launch,
        idCode: 'L-1',
        name: 'Fix the walrus login',
        description: description('Tusks'),
      },
    },
    {
      type: 'task.created',
      payload: { taskId: roadmapTask, teamId: team, projectId: board, idCode: 'B-1', name: 'Secret walrus roadmap', description: null },
    },
    message(id('9001'), 'A walrus in the channel', { spaceId: launch }),
    message(id('9002'), 'A walrus in the thread', { spaceId: launch, taskId: loginTask }),
    message(id('9003'), 'A walrus in private', { privatId: pair }),
    message(id('9004'), 'A walrus in the crew', { privatId: crew }),
    message(id('9005'), 'A walrus in the room', { meetingroomId: launchRoom }),
    message(id('9006'), 'A walrus in a quick call', { meetingroomId: adHocRoom }),
    message(id('9007'), 'A walrus on the board', { spaceId: board }),
    { type: 'doc.created', payload: { docId: id('9101'), teamId: team, projectId: launch, title: 'Walrus handbook', emoji: '📘' } },
    {
      type: 'file.created',
      payload: {
        fileId: id('9201'),
        teamId: team,
        projectId: launch,
        privatId: null,
        taskId: null,
        folderId: null,
        name: 'walrus.pdf',
        text: 'Walrus figures',
      },
    },
  ];
  for (const event of events) {
    clock.advance(1000);
    await store.run({ actorId: bob }, (unit) => unit.append('search-on-door', [event], { teamId: team }));
  }

  const now = new Date(clock.now().getTime() + 60_000);
  const search = (userId: string, args: SearchArguments) => outcomeOf(() => searchFor(db, userId, parseSearchArguments(args), now));
  const found: Record<string, unknown> = {};
  for (const [name, userId] of [
    ['ada', ada],
    ['bob', bob],
    ['cy', cy],
  ] as const) {
    for (const filter of ['task', 'message', 'doc', 'file'])
      found[`${name}: walrus, ${filter}s`] = await search(userId, { text: 'walrus', filter });
    found[`${name}: walrus in Launch`] = await search(userId, { text: 'walrus', space: launch });
    found[`${name}: walrus in Board`] = await search(userId, { text: 'walrus', space: board });
  }
  found['ada: a word begun, messages'] = await search(ada, { text: 'walr thread', filter: 'message' });
  found['ada: the whole title of a task'] = await search(ada, { text: 'Fix the walrus login', filter: 'task' });
  found['ada: two at most'] = await search(ada, { text: 'walrus', filter: 'message', first: 2 });
  found['ada: a filter that is none'] = await search(ada, { text: 'walrus', filter: 'everything' });

  process.stdout.write(`search-on-door:${JSON.stringify({ dialect: tableDialect, found })}\n`);
} finally {
  await door.close();
}

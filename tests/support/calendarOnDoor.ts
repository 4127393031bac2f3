import { ManualClock } from '../../server/src/core/clock';
import type { UnitOfWork } from '../../server/src/core/commands';
import type { Projection } from '../../server/src/core/events';
import { newId as newIdOfCore } from '../../server/src/core/ids';
import { calendarAccountStream, calendarFeedStream } from '../../server/src/core/streams';
import { tableDialect } from '../../server/src/db/pickTable';
import { editEventSchema, newEventSchema } from '../../server/src/domains/calendar/commands';
import { activeFeedOf, replaceFeedIn } from '../../server/src/domains/calendar/feed/feedOperations';
import { calendarFeedsProjection } from '../../server/src/domains/calendar/feed/projection';
import { createEventIn, deleteEventIn, editEventIn, respondToEventIn } from '../../server/src/domains/calendar/mutations';
import { calendarProjection } from '../../server/src/domains/calendar/projection';
import { calendarEntries, presentEvent } from '../../server/src/domains/calendar/queries';
import { readableEventIds } from '../../server/src/domains/calendar/searchSource';
import { peopleOf } from '../../server/src/domains/calendar/state';
import { removeAccountIn, selectCalendarIn } from '../../server/src/domains/calendar/sync/accounts';
import { calendarSyncProjection } from '../../server/src/domains/calendar/sync/projection';
import { accountsOf, calendarsOfAccount } from '../../server/src/domains/calendar/sync/state';
import {
  calendarAccounts,
  calendarEventExceptions,
  calendarEventPeople,
  calendarEvents,
  calendarFeeds,
  calendars,
  calendarRemoteObjects,
} from '../../server/src/domains/calendar/tables';
import { type AreaRun } from './areaOnDoors';
import { idLabels, openAreaDoor, outcomesOn, seedPeople, seedTeam, settledOutcomes, tableRowsOf } from './areaDoor';

/**
 * Runs the calendar area's commands (events made, edited for the series, one occurrence and this and following,
 * answered, deleted; a member's feed reset and revoked; a synced account's calendar selected and the account
 * removed; outsiders refused) and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when set,
 * else a SQLite file of its own) and prints what they answered and what calendar's tables hold, live and after a
 * replay, as one JSON line after `calendar-on-door:`. tests/integration/calendar-postgres.test.ts runs it once per
 * dialect and compares. Three races run two units at once, one per kind of lock the units take (units run at once on
 * PostgreSQL): the same answer sent twice (the event's lock), two feed resets (the feed stream's lock), two removals
 * of one account (the account's lock). The team and its members are rows written here; the account is recorded by its
 * events (connecting one tries a server first).
 */

const projections: Projection[] = [calendarProjection, calendarSyncProjection, calendarFeedsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
/** Ids as the app draws them (24 hex digits). */
const id = (number: number) => `3ee70000000000000000${number.toString(16).padStart(4, '0')}`;
const ada = id(0xa);
const bob = id(0xb);
const cy = id(0xc);
const dee = id(0xd);
const team = id(0xf1);
const publicUrl = 'https://calendar.example';

const { labelled, labelledText, name } = idLabels();
for (const [known, knownName] of [
  [ada, 'ada'],
  [bob, 'bob'],
  [cy, 'cy'],
  [dee, 'dee'],
  [team, 'team'],
] as const)
  name(known, knownName);
/** A value with every labelled id in it shown by its label, inside texts too (an event's UID names its id). */
const shown = (value: unknown): unknown => (value === undefined ? null : JSON.parse(labelledText(JSON.stringify(labelled(value)))));
const outcomeOf = outcomesOn(clock, shown);

const door = await openAreaDoor('calendar', projections, clock);
try {
  const { store, db } = door;
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'Ada', [bob]: 'Bob', [cy]: 'Cy', [dee]: 'Dee' }, at, { emailVerified: true, defaultTeamId: team });
  // Dee is of no team: her commands are refused before anything is read.
  await seedTeam(door, { id: team, name: 'Team', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic', [cy]: 'basic' }, at);

  const run = <Result>(actorId: string, work: (unit: UnitOfWork) => Promise<Result>) => store.run({ actorId }, work);
  /** setEvent's unit with these arguments; the new event's id is labelled by `eventName`. */
  const create = async (userId: string, eventName: string, args: Record<string, unknown>) => {
    const eventId = await run(userId, (unit) => createEventIn(unit, userId, newEventSchema.parse(args), publicUrl));
    name(eventId, eventName);
    return eventId;
  };
  const edit = (userId: string, args: Record<string, unknown>) =>
    run(userId, (unit) => editEventIn(unit, userId, editEventSchema.parse(args), publicUrl));
  const remove = (userId: string, args: { id: string; scope?: string; occurrence?: string }) =>
    run(userId, (unit) => deleteEventIn(unit, userId, args));
  const respond = (userId: string, eventId: string, action: 'accept' | 'reject' | 'leave') =>
    run(userId, (unit) => respondToEventIn(unit, userId, eventId, action));
  /** A feed reset answers a token shown once: only whether one was made is compared. */
  const resetFeed = (userId: string, makeNew: boolean) =>
    run(userId, async (unit) => ((await replaceFeedIn(unit, userId, makeNew)) === null ? 'no feed' : 'a new feed'));
  /** What two units running at once answered, sorted, so both runs compare. */
  const settledOf = (settled: PromiseSettledResult<unknown>[]) => settledOutcomes(settled, shown);

  const outcomes: Record<string, unknown> = {};
  const reads: Record<string, unknown> = {};
  const base = {
    description: 'Next quarter',
    startDate: '2026-03-02T08:00:00Z',
    endDate: '2026-03-02T09:00:00Z',
    type: 'event',
    recurring: 'none',
    timeZone: 'Europe/Berlin',
  };

  // A single event with a member and a guest invited; answered, edited, refused to outsiders.
  outcomes['ada plans an event with bob and a guest'] = await outcomeOf(() =>
    create(ada, 'the planning', { ...base, title: 'Planning', invited: [bob], guests: ['guest@example.org'] }),
  );
  const planning = (await db.select().from(calendarEvents)).find((row) => row.title === 'Planning')!.id;
  outcomes['bob accepts'] = await outcomeOf(() => respond(bob, planning, 'accept'));
  outcomes['bob accepts again'] = await outcomeOf(() => respond(bob, planning, 'accept'));
  outcomes['cy, not invited, answers'] = await outcomeOf(() => respond(cy, planning, 'accept'));
  outcomes['cy, not invited, edits'] = await outcomeOf(() => edit(cy, { id: planning, title: 'Mine' }));
  outcomes['bob, invited, edits the title'] = await outcomeOf(() => edit(bob, { id: planning, title: 'Mine' }));
  outcomes['dee, of no team, plans'] = await outcomeOf(() => create(dee, 'dee’s event', { ...base, title: 'Nope' }));
  outcomes['ada renames it and invites cy too'] = await outcomeOf(() =>
    edit(ada, { id: planning, title: 'Planning, again', invited: [cy, bob] }),
  );
  outcomes['ada sends the same list in another order'] = await outcomeOf(() => edit(ada, { id: planning, invited: [bob, cy] }));
  outcomes['an unknown event is edited'] = await outcomeOf(() => edit(ada, { id: id(0x999), title: 'Ghost' }));
  reads['the planning’s people'] = shown(await peopleOf(db, planning));
  reads['the planning as bob sees it'] = shown(
    await presentEvent(
      db,
      publicUrl,
      (await db.select().from(calendarEvents)).find((row) => row.id === planning)!,
      bob,
    ),
  );

  // A weekly series: one occurrence changed, one cancelled, then split from the fourth. It starts at another time than
  // the planning: entries of one start are listed by id, drawn at random in each run.
  outcomes['ada starts a weekly standup'] = await outcomeOf(() =>
    create(ada, 'the standup', {
      ...base,
      title: 'Standup',
      startDate: '2026-03-02T07:00:00Z',
      endDate: '2026-03-02T07:30:00Z',
      recurring: 'weekly',
      count: 6,
      invited: [bob],
    }),
  );
  const standup = (await db.select().from(calendarEvents)).find((row) => row.title === 'Standup')!.id;
  outcomes['ada moves the second standup'] = await outcomeOf(() =>
    edit(ada, {
      id: standup,
      scope: 'this',
      occurrence: '2026-03-09T07:00:00Z',
      startDate: '2026-03-09T10:00:00Z',
      endDate: '2026-03-09T11:00:00Z',
    }),
  );
  outcomes['ada cancels the third standup'] = await outcomeOf(() =>
    remove(ada, { id: standup, scope: 'this', occurrence: '2026-03-16T07:00:00Z' }),
  );
  outcomes['a standup that never was is cancelled'] = await outcomeOf(() =>
    remove(ada, { id: standup, scope: 'this', occurrence: '2026-03-17T07:00:00Z' }),
  );
  outcomes['bob, invited, deletes the standup'] = await outcomeOf(() => remove(bob, { id: standup }));
  outcomes['ada renames the standup from the fourth on'] = await outcomeOf(async () => {
    const continued = await edit(ada, { id: standup, scope: 'following', occurrence: '2026-03-23T07:00:00Z', title: 'Sync' });
    name(continued, 'the continued standup');
    return continued;
  });
  reads['march as ada sees it'] = shown(await calendarEntries(db, team, ada, '2026-03-01T00:00:00.000Z', '2026-04-15T00:00:00.000Z'));
  reads['march as bob sees it'] = shown(await calendarEntries(db, team, bob, '2026-03-01T00:00:00.000Z', '2026-04-15T00:00:00.000Z'));
  reads['march as cy sees it'] = shown(await calendarEntries(db, team, cy, '2026-03-01T00:00:00.000Z', '2026-04-15T00:00:00.000Z'));
  reads['events each may read (search)'] = shown(
    Object.fromEntries(
      await Promise.all(
        [ada, bob, cy].map(async (userId) => [userId, (shown(await readableEventIds(db, team, userId)) as string[]).sort()]),
      ),
    ),
  );
  outcomes['bob leaves the planning'] = await outcomeOf(() => respond(bob, planning, 'leave'));
  outcomes['ada deletes the planning'] = await outcomeOf(() => remove(ada, { id: planning }));
  outcomes['ada deletes it again'] = await outcomeOf(() => remove(ada, { id: planning }));

  // Race 1: bob sends the same answer twice at once (the event's lock): one answer is recorded, the other finds it so.
  const raced = await create(ada, 'the raced review', { ...base, title: 'Review', invited: [bob] });
  clock.advance(1000);
  const answers = await Promise.allSettled([respond(bob, raced, 'accept'), respond(bob, raced, 'accept')]);
  outcomes['bob accepts twice at once'] = settledOf(answers);

  // A member's private feed: made, reset, revoked; Race 2: two resets at once leave one feed (the feed stream's lock).
  outcomes['ada makes her feed'] = await outcomeOf(() => resetFeed(ada, true));
  outcomes['ada resets it'] = await outcomeOf(() => resetFeed(ada, true));
  outcomes['ada revokes it'] = await outcomeOf(() => resetFeed(ada, false));
  outcomes['ada revokes it again'] = await outcomeOf(() => resetFeed(ada, false));
  outcomes['dee, of no team, makes a feed'] = await outcomeOf(() => resetFeed(dee, true));
  clock.advance(1000);
  const resets = await Promise.allSettled([resetFeed(bob, true), resetFeed(bob, true)]);
  outcomes['bob resets his feed twice at once'] = {
    outcomes: settledOf(resets),
    'feeds in force': (await db.select().from(calendarFeeds)).filter((row) => row.userId === bob && row.revokedAt === null).length,
  };
  reads['ada’s feed in force'] = shown(await activeFeedOf(db, team, ada));

  // A synced account (recorded by its events: connecting tries the server first), its calendars selected, then removed;
  // Race 3: two removals of one account at once remove it once (the account's lock).
  const connect = async (accountName: string, calendarNames: string[]) => {
    const accountId = newIdOfCore();
    name(accountId, accountName);
    const of = { accountId, teamId: team, userId: ada };
    await run(ada, async (unit) => {
      await unit.append(
        calendarAccountStream(accountId),
        [
          {
            type: 'calendarAccount.connected',
            payload: {
              ...of,
              email: 'ada@dav.example',
              picture: null,
              feature: 'calendar',
              type: 'caldav',
              active: true,
              serverUrl: 'https://dav.example/ada/',
              username: 'ada',
            },
          },
          ...calendarNames.map((summary) => {
            const calendarId = newIdOfCore();
            name(calendarId, `${accountName}: ${summary}`);
            return {
              type: 'calendar.listed',
              payload: {
                ...of,
                calendarId,
                providerCalendarId: `https://dav.example/ada/${summary.toLowerCase()}/`,
                summary,
                description: null,
                backgroundColor: '#4f46e5',
              },
            };
          }),
        ],
        { teamId: team, expectedVersion: 0 },
      );
    });
    return accountId;
  };
  const account = await connect('ada’s account', ['Work', 'Home']);
  outcomes['ada selects her home calendar'] = await outcomeOf(
    async () => (await run(ada, (unit) => selectCalendarIn(unit, ada, team, 'https://dav.example/ada/home/', true))).id,
  );
  outcomes['ada selects her work calendar'] = await outcomeOf(
    async () => (await run(ada, (unit) => selectCalendarIn(unit, ada, team, 'https://dav.example/ada/work/', true))).id,
  );
  outcomes['ada selects it again'] = await outcomeOf(
    async () => (await run(ada, (unit) => selectCalendarIn(unit, ada, team, 'https://dav.example/ada/work/', true))).selected,
  );
  outcomes['bob selects ada’s calendar'] = await outcomeOf(() =>
    run(bob, (unit) => selectCalendarIn(unit, bob, team, 'https://dav.example/ada/work/', true)),
  );
  reads['ada’s calendars, in order'] = shown(await calendarsOfAccount(db, account));
  outcomes['bob removes ada’s account'] = await outcomeOf(() => run(bob, (unit) => removeAccountIn(unit, bob, team, account)));
  outcomes['ada removes her account'] = await outcomeOf(() => run(ada, (unit) => removeAccountIn(unit, ada, team, account)));
  const racedAccount = await connect('the raced account', ['Work']);
  clock.advance(1000);
  const removals = await Promise.allSettled([
    run(ada, (unit) => removeAccountIn(unit, ada, team, racedAccount)),
    run(ada, (unit) => removeAccountIn(unit, ada, team, racedAccount)),
  ]);
  outcomes['ada removes an account twice at once'] = settledOf(removals);
  reads['ada’s accounts left'] = shown(await accountsOf(db, ada, team));

  const tables = [
    calendarEvents,
    calendarEventExceptions,
    calendarEventPeople,
    calendarFeeds,
    calendarAccounts,
    calendars,
    calendarRemoteObjects,
  ];
  // A feed's id and token hash are drawn at random (the id by the real clock): its owner and times are what compare.
  const presentRow = (row: unknown) => {
    const { tokenHash, id: rowId, ...rest } = row as Record<string, unknown>;
    return shown(tokenHash === undefined ? { id: rowId, ...rest } : rest);
  };
  const live = await tableRowsOf(db, tables, presentRow);
  await door.replay();
  const replayed = await tableRowsOf(db, tables, presentRow);
  const events = (await store.read()).map((event) => ({
    stream: labelledText(event.stream),
    version: event.version,
    type: event.type,
  }));
  reads['streams of the feeds'] = [calendarFeedStream(team, ada), calendarFeedStream(team, bob)].map(labelledText);
  const result: AreaRun = { dialect: tableDialect, outcomes, reads, live, replayed, events };
  console.log(`calendar-on-door:${JSON.stringify(result)}`);
} finally {
  await door.close();
}

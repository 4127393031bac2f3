import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { newId } from '../../server/src/core/ids';
import { type DrizzleDatabase } from '../../server/src/db/connection';
import { tableDialect } from '../../server/src/db/pickTable';
import { teamStream } from '../../server/src/core/streams';
import {
  activeApiTokensOf,
  authenticateApiToken,
  createApiTokenIn,
  isApiTokenActive,
  revokeApiTokenIn,
} from '../../server/src/domains/settings/apiTokens';
import { ownSettingsOf, setOwnSetting, type OwnSettingInput } from '../../server/src/domains/settings/ownSettings';
import { settingsProjection } from '../../server/src/domains/settings/projection';
import { apiTokens, teamSettings, userSettings } from '../../server/src/domains/settings/tables';
import { teamDefaultsOf, teamDefaultsProjection } from '../../server/src/domains/settings/teamDefaults';
import { idLabels, openAreaDoor, outcomesOn, seedPeople, tableRowsOf } from './areaDoor';

/**
 * Runs the settings area's commands and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when
 * set, else a SQLite file of its own) and prints what they answered and what the tables hold, live and after a replay,
 * as one JSON line after `settings-on-door:`. tests/integration/settings-postgres.test.ts runs it once per dialect and
 * compares: the tables are picked once per process (db/pickTable.ts), so each dialect needs a process of its own.
 * Ids drawn at random (settings, tokens) are printed as labels in the order they first appeared, so both runs compare.
 */

const projections: Projection[] = [settingsProjection, teamDefaultsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const ada = '66000000-0000-4000-8000-00000000000a';
const bob = '66000000-0000-4000-8000-00000000000b';
const team = '66000000-0000-4000-8000-0000000000f1';
const firstSecret = `wst_${'a'.repeat(43)}`;
const secondSecret = `wst_${'b'.repeat(43)}`;

const { label, labelled, ids } = idLabels();
const outcomeOfAnswer = outcomesOn(clock, labelled);
/** What a command answered (the ids `idsOf` finds in it labelled first), or the code it was refused with. */
const outcomeOf = <Result>(command: () => Promise<Result>, idsOf: (result: Result) => string[] = () => []) =>
  outcomeOfAnswer(async () => {
    const result = await command();
    for (const id of idsOf(result)) label(id);
    return result;
  });
const tableRows = (db: DrizzleDatabase) => tableRowsOf(db, [userSettings, teamSettings, apiTokens], labelled);

const door = await openAreaDoor('settings', projections, clock);
try {
  const { store, db } = door;
  const setOwn = (userId: string, input: OwnSettingInput) =>
    outcomeOf(
      () => store.run({ actorId: userId }, (unit) => setOwnSetting(unit, userId, input)),
      (answer) => [answer.id],
    );
  const outcomes: Record<string, unknown> = {};
  outcomes['ada sets a theme'] = await setOwn(ada, { name: 'theme', type: 'dark', active: true });
  const themeId = ids()[0]!;
  outcomes['ada turns off mails of task updates'] = await setOwn(ada, { name: 'notifications.email.TASK_UPDATED', active: false });
  outcomes['ada turns the theme off by id'] = await setOwn(ada, { id: themeId, active: false });
  outcomes['ada sends the same again'] = await setOwn(ada, { id: themeId, active: false });
  outcomes['bob asks for a daily digest'] = await setOwn(bob, { name: 'notifications.digest', type: 'daily', active: true });
  outcomes['ada names a setting nobody has'] = await setOwn(ada, { id: newId(), active: true });
  outcomes['ada names an unknown notification'] = await setOwn(ada, { name: 'notifications.email.NOTHING', active: true });
  // Two units at once create the same new setting: the second reads the first's row (the person's stream is locked
  // first), so one row and one event, never a second row for the same name.
  clock.advance(1000);
  const together = await Promise.allSettled(
    [0, 1].map(() => store.run({ actorId: bob }, (unit) => setOwnSetting(unit, bob, { name: 'language', type: 'en', active: true }))),
  );
  for (const outcome of together) if (outcome.status === 'fulfilled') label(outcome.value.id);
  outcomes['bob sets his language twice at once'] = together.map((outcome) =>
    outcome.status === 'fulfilled' ? { answered: labelled(outcome.value) } : { failed: String(outcome.reason) },
  );
  // A team's defaults as setTeamDefault appends them: the command reads the team's members through the teams area,
  // which is not converted yet (its .get() calls exist on SQLite only), so the events are appended as it would.
  const teamDefault = (settingId: string, active: boolean) =>
    outcomeOf(() =>
      store.run({ actorId: ada }, async (unit) => {
        await unit.lock(teamStream(team));
        const setting = { settingId, teamId: team, name: 'notifications.email.MESSAGE_MENTION', type: 'email', active };
        await unit.append(teamStream(team), [{ type: 'team.setting_changed', payload: setting }], { teamId: team });
      }),
    );
  const teamSettingId = newId();
  label(teamSettingId);
  outcomes['the team turns mails of mentions off'] = await teamDefault(teamSettingId, false);
  outcomes['the team turns them on again'] = await teamDefault(teamSettingId, true);
  const createToken = (name: string, secret: string) =>
    outcomeOf(
      () => store.run({ actorId: ada }, (unit) => createApiTokenIn(unit, ada, name, secret)),
      (row) => [row.id],
    );
  outcomes['ada creates a token for CI'] = await createToken('CI', firstSecret);
  const firstTokenId = ids().at(-1)!;
  outcomes['ada creates a token for her laptop'] = await createToken('laptop', secondSecret);
  const secondTokenId = ids().at(-1)!;
  const revoke = (tokenId: string) => outcomeOf(() => store.run({ actorId: ada }, (unit) => revokeApiTokenIn(unit, ada, tokenId)));
  outcomes['ada revokes the CI token'] = await revoke(firstTokenId);
  outcomes['ada revokes it again'] = await revoke(firstTokenId);
  outcomes['bob revokes her laptop token'] = await outcomeOf(() =>
    store.run({ actorId: bob }, (unit) => revokeApiTokenIn(unit, bob, secondTokenId)),
  );

  // The users a token's owner is joined with (the accounts area's rows, written here as its projection would).
  await seedPeople(door, { [ada]: 'Ada', [bob]: 'Bob' }, '2026-03-01T09:00:00.000Z', { emailVerified: true });
  const usedAt = Date.parse('2026-03-02T10:00:00.000Z');
  const reads = {
    'ada’s settings': labelled(await ownSettingsOf(db, ada)),
    'bob’s settings': labelled(await ownSettingsOf(db, bob)),
    'the team’s defaults': labelled(await teamDefaultsOf(db, team)),
    'ada’s tokens': labelled(await activeApiTokensOf(db, ada)),
    'the CI token is active': await isApiTokenActive(db, firstTokenId),
    'the laptop token is active': await isApiTokenActive(db, secondTokenId),
    'the CI token signs in': labelled(await authenticateApiToken(db, firstSecret, usedAt)),
    'the laptop token signs in': labelled(await authenticateApiToken(db, secondSecret, usedAt)),
    'ada’s tokens once used': labelled(await activeApiTokensOf(db, ada)),
  };
  const live = await tableRows(db);
  const events = (await store.read()).map((event) => ({ stream: event.stream, version: event.version, type: event.type }));
  await door.replay();
  const replayed = await tableRows(db);
  process.stdout.write(`settings-on-door:${JSON.stringify({ dialect: tableDialect, outcomes, reads, live, replayed, events })}\n`);
} finally {
  await door.close();
}

import { ManualClock } from '../../server/src/core/clock';
import { newId as newIdOfCore } from '../../server/src/core/ids';
import type { Projection } from '../../server/src/core/events';
import { tableDialect } from '../../server/src/db/pickTable';
import { deleteFileIn, editFileIn } from '../../server/src/domains/files/fileResolvers';
import { createFolderIn, deleteFolderIn, editFolderIn } from '../../server/src/domains/files/folderResolvers';
import { filesProjection } from '../../server/src/domains/files/projection';
import { filePlacesById, findFileRow, folderAncestors, teamsUsage, teamUsage } from '../../server/src/domains/files/state';
import { fileUploads, files, folders } from '../../server/src/domains/files/tables';
import { recordFileIn, type MeasuredUpload } from '../../server/src/domains/files/uploads';
import { type AreaRun } from './areaOnDoors';
import { idLabels, openAreaDoor, outcomesOn, racedOutcomes, seedPeople, seedSpace, seedTeam, tableRowsOf } from './areaDoor';

/**
 * Runs the files area's commands (folders made, moved and deleted, files recorded against the team's quota, edited and
 * deleted) and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite file of
 * its own) and prints what they answered and what the tables hold, live and after a replay, as one JSON line after
 * `files-on-door:`. tests/integration/files-postgres.test.ts runs it once per dialect and compares. The team, its
 * members and spaces are rows written here (the teams area's tables, read through its readers); upload rows are
 * written as signedUploadURL writes them, and a file's bytes are what setFile measured (`MeasuredUpload`).
 */

const projections: Projection[] = [filesProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const id = (suffix: string) => `78000000000000${suffix.padStart(10, '0')}`;
const ada = id('a');
const bob = id('b');
const cy = id('c');
const team = id('f1');
const space = id('51');
const megabyte = 1024 * 1024;

const { label, labelledText, name } = idLabels();
/** A value with every labelled id in it shown by its label, inside texts too (a file's location is `<team>/<upload>`). */
const shown = (value: unknown): unknown => (value === undefined ? null : JSON.parse(labelledText(JSON.stringify(value))));
const outcomeOf = outcomesOn(clock, shown);
for (const [person, personName] of [
  [ada, 'ada'],
  [bob, 'bob'],
  [cy, 'cy'],
  [team, 'team'],
  [space, 'space'],
] as const)
  name(person, personName);

/** A fresh id, labelled in the order drawn so both runs print the same. */
const newId = () => {
  const fresh = newIdOfCore();
  label(fresh);
  return fresh;
};

const door = await openAreaDoor('files', projections, clock);
try {
  const { store, db } = door;
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'ada', [bob]: 'bob', [cy]: 'cy' }, at, { emailVerified: false });
  await seedTeam(door, { id: team, name: 'Team', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);
  await seedSpace(door, { id: space, teamId: team, name: 'Space', type: 'private', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);

  /** An upload signed by `userId` for `size` bytes, as signedUploadURL records it; answers its code. */
  const signedUpload = async (userId: string, fileName: string, size: number): Promise<string> => {
    const uploadId = newId();
    const now = clock.now();
    await db.insert(fileUploads).values({
      id: uploadId,
      teamId: team,
      userId,
      key: `${team}/${uploadId}`,
      name: fileName,
      mimeType: 'text/plain',
      size,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
      recordBy: new Date(now.getTime() + 6 * 3_600_000).toISOString(),
    });
    return uploadId;
  };
  const plainText = (size: number): MeasuredUpload => ({
    stored: { size, type: { mimeType: 'text/plain' } },
    analysis: { thumbnail: null, preview: null, width: null, height: null, duration: null, text: null },
  });
  const record = (userId: string, code: string, fileName: string, size: number, place: { folder?: string }) =>
    store.run({ actorId: userId }, (unit) =>
      recordFileIn(
        unit,
        userId,
        {
          name: fileName,
          code,
          type: 'text/plain',
          size,
          location: `${team}/${code}`,
          project: space,
          ...place,
        },
        plainText(size),
      ),
    );

  const outcomes: Record<string, unknown> = {};
  const plans = newId();
  const drafts = newId();
  outcomes['ada makes a folder'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => createFolderIn(unit, ada, { folderId: plans, project: space, name: 'Plans' })),
  );
  outcomes['bob makes a folder inside it'] = await outcomeOf(() =>
    store.run({ actorId: bob }, (unit) => createFolderIn(unit, bob, { folderId: drafts, project: space, name: 'Drafts', upfolder: plans })),
  );
  outcomes['cy, not in the space, makes a folder'] = await outcomeOf(() =>
    store.run({ actorId: cy }, (unit) => createFolderIn(unit, cy, { folderId: newId(), project: space, name: 'Mine' })),
  );
  outcomes['ada moves a folder under its own child'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => editFolderIn(unit, ada, { id: plans, upfolder: drafts })),
  );

  const notes = await signedUpload(bob, 'notes.txt', 1200);
  outcomes['bob records a file in his folder'] = await outcomeOf(() => record(bob, notes, 'notes.txt', 1200, { folder: drafts }));
  outcomes['bob records it again'] = await outcomeOf(() => record(bob, notes, 'notes.txt', 1200, { folder: drafts }));
  outcomes['ada renames and shares it'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => editFileIn(unit, ada, { id: notes, name: 'minutes.txt', shared: true })),
  );
  outcomes['cy renames it'] = await outcomeOf(() =>
    store.run({ actorId: cy }, (unit) => editFileIn(unit, cy, { id: notes, name: 'mine.txt' })),
  );

  // Two files that each fit in the free plan's 100 MB and together do not, recorded at once: the team's storage lock
  // makes the second count the first, on either database.
  const first = await signedUpload(ada, 'racer.bin', 60 * megabyte);
  const second = await signedUpload(ada, 'racer.bin', 60 * megabyte);
  const racing = await Promise.allSettled([
    record(ada, first, 'racer.bin', 60 * megabyte, {}),
    record(ada, second, 'racer.bin', 60 * megabyte, {}),
  ]);
  const recorded = racing.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [[first, second][index]!] : []));
  outcomes['two files over the quota at once'] = racedOutcomes(racing, 'recorded');
  if (recorded.length === 1) name(recorded[0]!, 'the racer recorded');
  for (const racer of [first, second]) if (!recorded.includes(racer)) name(racer, 'the racer refused');

  // Two folders moved under each other at once: the space's folder tree lock lets one move and refuses the loop.
  const left = newId();
  const right = newId();
  // One name for both: which of the two moves is up to the database, and the rows print each by what became of it.
  for (const folderId of [left, right])
    await store.run({ actorId: ada }, (unit) => createFolderIn(unit, ada, { folderId, project: space, name: 'Racer' }));
  const moves = await Promise.allSettled([
    store.run({ actorId: ada }, (unit) => editFolderIn(unit, ada, { id: left, upfolder: right })),
    store.run({ actorId: ada }, (unit) => editFolderIn(unit, ada, { id: right, upfolder: left })),
  ]);
  outcomes['two folders moved under each other at once'] = racedOutcomes(moves, 'moved');
  const movedLeft = moves[0]!.status === 'fulfilled';
  name(movedLeft ? left : right, 'the folder moved');
  name(movedLeft ? right : left, 'the folder it went under');

  outcomes['ada deletes the folder holding the file'] = await outcomeOf(() =>
    store.run({ actorId: ada }, (unit) => deleteFolderIn(unit, ada, drafts)),
  );
  const reads: Record<string, unknown> = {};
  reads['the file after its folder went'] = shown(await findFileRow(db, notes));
  outcomes['bob deletes his file'] = await outcomeOf(() => store.run({ actorId: bob }, (unit) => deleteFileIn(unit, bob, notes)));
  outcomes['bob deletes it again'] = await outcomeOf(() => store.run({ actorId: bob }, (unit) => deleteFileIn(unit, bob, notes)));

  reads['usage'] = await teamUsage(db, team);
  reads['usage of teams'] = shown(Object.fromEntries(await teamsUsage(db, [team, id('f9')])));
  reads['ancestors of the folder moved'] = shown(await folderAncestors(db, movedLeft ? left : right));
  reads['places'] = shown(Object.fromEntries(await filePlacesById(db, [notes, first, second])));

  const tables = [folders, files, fileUploads];
  const live = await tableRowsOf(db, tables, shown);
  await door.replay();
  const replayed = await tableRowsOf(db, tables, shown);
  // By stream and version, not log order: the two racing folders' creations come first or second in the log by which
  // of them moved, and each is named by what became of it.
  const events = (await store.read())
    .map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }))
    .sort((left, right) => left.stream.localeCompare(right.stream) || left.version - right.version);
  const run: AreaRun = { dialect: tableDialect, outcomes, reads, live, replayed, events };
  console.log(`files-on-door:${JSON.stringify(run)}`);
} finally {
  await door.close();
}
